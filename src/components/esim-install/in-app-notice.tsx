import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inAppNames, type InAppBrowser } from './in-app-browser';

type InAppNoticeProps = {
  app: InAppBrowser;
  /** An iPhone (Safari) or another phone (Chrome). */
  ios: boolean;
  /** The page's link, absolute, to paste in the phone's own browser. */
  link: string;
  Heading: 'h3' | 'h4';
};

/**
 * Inside an app's browser (issue #42): what does not work here, and how to open this page in the
 * phone's own browser (the app's menu, or the link copied and pasted). The QR and the codes below
 * work here as they are.
 */
export function InAppNotice({ app, ios, link, Heading }: InAppNoticeProps) {
  const { t } = useTranslation('delivery');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const browser = ios ? 'Safari' : 'Chrome';
  const heading =
    app === 'other' ? t('inApp.headingOther') : t('inApp.heading', { app: inAppNames[app] });

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
    <section className="alert alert--warning esim-in-app" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="esim-in-app__heading">
        {heading}
      </Heading>
      <p>{t(ios ? 'inApp.textIos' : 'inApp.text', { browser })}</p>
      <p>{t(ios ? 'inApp.howIos' : 'inApp.howAndroid')}</p>
      <label htmlFor={`${id}-link`} className="esim-in-app__label">
        {t('inApp.linkLabel')}
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
          {t('inApp.copy')}
        </button>
      </div>
      <p className="esim-codes__status" role="status" aria-live="polite">
        {copied === null ? null : t(copied ? 'inApp.copied' : 'inApp.copyFailed', { browser })}
      </p>
    </section>
  );
}
