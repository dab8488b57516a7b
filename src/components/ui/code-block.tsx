import { useEffect, useId, useRef, useState } from 'react';
import './code-block.css';

/** How long the button says "Copied!" after a successful copy (SPEC §9). */
export const COPY_CONFIRMATION_MS = 2000;

type CodeBlockProps = {
  /** The code, shown as-is (never parsed as HTML). */
  code: string;
  /** The caption above the code, e.g. "Carrier and plan catalogue". */
  title: string;
  /** A short language tag shown beside the caption, e.g. "JSON". */
  language?: string;
  /** Translated button texts; shared UI has no namespace of its own. */
  copyLabel: string;
  copiedLabel: string;
  /** Show every line instead of scrolling after about 28 lines (for short reports). */
  unbounded?: boolean;
};

/**
 * A scrollable code listing with a copy button. After a copy the button reads "Copied!" for
 * two seconds and the change is announced; a failed copy is only logged, and the code is
 * selected so that the visitor can copy it by hand.
 */
export function CodeBlock({
  code,
  title,
  language,
  copyLabel,
  copiedLabel,
  unbounded = false,
}: CodeBlockProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const codeRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch (error) {
      console.info('Copy to the clipboard failed', error);
      selectContents(codeRef.current);
    }
  }

  return (
    <figure className="code-block">
      <figcaption className="code-block__bar">
        <span className="code-block__label">
          <span id={titleId} className="code-block__title">
            {title}
          </span>
          {language ? <span className="code-block__language">{language}</span> : null}
        </span>
        <button
          type="button"
          className="code-block__copy"
          aria-label={copied ? copiedLabel : `${copyLabel}: ${title}`}
          onClick={() => void copy()}
        >
          {copied ? copiedLabel : copyLabel}
        </button>
      </figcaption>
      <pre
        className={unbounded ? 'code-block__pre code-block__pre--unbounded' : 'code-block__pre'}
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
      >
        <code ref={codeRef}>{code}</code>
      </pre>
      <span className="visually-hidden" role="status">
        {copied ? copiedLabel : ''}
      </span>
    </figure>
  );
}

function selectContents(node: HTMLElement | null) {
  const selection = node ? window.getSelection() : null;
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}
