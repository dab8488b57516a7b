import { withoutJoiners } from '../../../lib/i18n/burmese-breaks';

/** Links the support result offers: a prefilled email and a Viber draft. Pure functions. */

export type SupportEmail = {
  to: string;
  subject: string;
  /** Lines of the body; joined with CRLF as RFC 6068 asks. */
  lines: readonly string[];
};

/** A `mailto:` link with subject and body, each percent-encoded. */
export function mailtoHref({ to, subject, lines }: SupportEmail): string {
  const query = [
    `subject=${encodeURIComponent(withoutJoiners(subject))}`,
    `body=${encodeURIComponent(withoutJoiners(lines.join('\r\n')))}`,
  ].join('&');
  return `mailto:${to}?${query}`;
}

export type SupportEmailTexts = {
  greeting: string;
  categoryLine: string;
  issueHeading: string;
  closing: string;
};

/** The body: greeting, the category, the visitor's issue as typed, and a closing line. */
export function supportEmailLines(texts: SupportEmailTexts, issue: string): string[] {
  return [
    texts.greeting,
    '',
    texts.categoryLine,
    '',
    texts.issueHeading,
    issue.trim(),
    '',
    texts.closing,
  ];
}
