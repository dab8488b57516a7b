import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import { paths } from '#domain/paths';
import { site, viberChatHref } from '../../../config/site';
import type { SupportAnalysis } from '../../../lib/ai/support';
import { mailtoHref, supportEmailLines } from '../lib/contact-links';

const categoryKeys = {
  'Technical Support': 'technical',
  'Billing Inquiry': 'billing',
  'Sales Question': 'sales',
  'General Feedback': 'general',
  Other: 'other',
} as const satisfies Record<SupportAnalysis['category'], string>;

type SupportResultProps = {
  analysis: SupportAnalysis;
  issue: string;
  onTryAgain: () => void;
};

/** The assistant's answer: message, category, action, and the contact link it recommends. */
export function SupportResult({ analysis, issue, onTryAgain }: SupportResultProps) {
  const { t } = useTranslation('support');
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const category = t(`categories.${categoryKeys[analysis.category]}`);

  const email = () =>
    mailtoHref({
      to: site.email,
      subject: analysis.email_subject.trim() || t('mail.subjectFallback', { category }),
      lines: supportEmailLines(
        {
          greeting: t('mail.greeting', { brand: site.brandName }),
          categoryLine: t('mail.category', { category }),
          issueHeading: t('mail.issue'),
          closing: t('mail.closing'),
        },
        issue,
      ),
    });

  return (
    <div className="support-result">
      <h3 ref={heading} tabIndex={-1} className="support-result__title">
        {t('result.title')}
      </h3>
      <p className="support-result__message">{analysis.response_message}</p>
      <dl className="support-result__facts">
        <div>
          <dt>{t('result.category')}</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>{t('result.action')}</dt>
          <dd>{analysis.recommended_action}</dd>
        </div>
      </dl>
      <div className="button-row">
        {analysis.contact_method === 'Viber' && (
          <a
            className="button button--primary"
            href={viberChatHref(t('viberDraft', { category, issue }))}
          >
            {t('result.viber')}
          </a>
        )}
        {analysis.contact_method === 'Email' && (
          <a className="button button--primary" href={email()}>
            {t('result.email')}
          </a>
        )}
        {analysis.contact_method === 'FAQ' && (
          <Link className="button button--primary" to={paths.helpCenter}>
            {t('result.faq')}
          </Link>
        )}
        <button type="button" className="button" onClick={onTryAgain}>
          {t('result.tryAgain')}
        </button>
      </div>
    </div>
  );
}
