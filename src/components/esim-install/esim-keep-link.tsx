import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { viberForwardHref } from '../../config/site';

type EsimKeepLinkProps = {
  /** The order page's link, absolute (the one the buyer keeps). */
  link: string;
  orderNumber: string;
  Heading: 'h3' | 'h4';
  /** Why the link is the delivery; a Viber buyer's reason by default. */
  text?: string;
};

/**
 * For a buyer who gave a Viber number (issue #24): the shop sends them nothing, so the order
 * page's link is their delivery. They can send it to their own Viber (Viber's share sheet, with
 * the message written) or copy it and keep it; it is shown in full, selectable, for both.
 */
export function EsimKeepLink({ link, orderNumber, Heading, text }: EsimKeepLinkProps) {
  const { t } = useTranslation('delivery');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      field.current?.focus();
      field.current?.select();
      setCopied(false);
    }
  };

  return (
    <section className="esim-keep" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="esim-keep__heading">
        {t('keep.heading')}
      </Heading>
      <p>{text ?? t('keep.text')}</p>
      <a
        className="button purchase-viber esim-keep__viber"
        href={viberForwardHref(t('keep.viberMessage', { order: orderNumber, link }))}
      >
        {t('keep.viber')}
      </a>
      <label htmlFor={`${id}-link`} className="esim-keep__label">
        {t('keep.linkLabel')}
      </label>
      <div className="esim-codes__field">
        <input
          id={`${id}-link`}
          ref={field}
          className="esim-codes__value"
          value={link}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button esim-codes__copy" onClick={() => void copy()}>
          {t('keep.copy')}
        </button>
      </div>
      <p className="esim-codes__status" role="status" aria-live="polite">
        {copied === null ? null : t(copied ? 'keep.copied' : 'keep.copyFailed')}
      </p>
    </section>
  );
}
