import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EsimProfile } from '../../lib/delivery';

type CodeName = 'smdp' | 'matchingId' | 'lpa';
type CopyStatus = { name: CodeName; ok: boolean } | null;

/**
 * The codes for entering the eSIM by hand, each in a read-only field with a Copy button. What
 * happened is said in one live region: "Copied", or, where the browser refuses the clipboard,
 * that the text is selected to copy by hand.
 */
export function EsimCodes({
  esim,
  pasteFirst = false,
}: {
  esim: EsimProfile;
  pasteFirst?: boolean;
}) {
  const { t } = useTranslation('delivery');
  const id = useId();
  const [status, setStatus] = useState<CopyStatus>(null);
  const fields = useRef<Partial<Record<CodeName, HTMLTextAreaElement | null>>>({});
  const manual: { name: CodeName; value: string }[] = [
    { name: 'smdp', value: esim.smdpAddress },
    { name: 'matchingId', value: esim.matchingId },
  ];
  const paste = { name: 'lpa' as const, value: esim.activationCode };
  // On Android the one code to paste comes first; elsewhere the two typed by hand.
  const codes = pasteFirst ? [paste, ...manual] : [...manual, paste];

  // "To paste on Android" only where this is Android (issue #44: an iPhone was told so too).
  const label = (name: CodeName) =>
    name === 'lpa' && !pasteFirst ? t('codesLpa.label') : t(`codes.${name}`);

  const copy = async (name: CodeName, value: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setStatus({ name, ok: true });
    } catch {
      // Refused (an insecure page, a denied permission, an old browser): select it instead.
      const field = fields.current[name];
      field?.focus();
      field?.select();
      setStatus({ name, ok: false });
    }
  };

  return (
    <div className="esim-codes">
      {codes.map(({ name, value }) => (
        <div className="esim-codes__row" key={name}>
          <label htmlFor={`${id}-${name}`}>{label(name)}</label>
          <div className="esim-codes__field">
            {/* Shown whole (issue #44: "LPA:1$smdp.demo.invali…" was cut): a read-only text
                area that wraps the code and grows to it, still selected and copied as one. */}
            <CodeField
              id={`${id}-${name}`}
              value={value}
              fieldRef={(node) => {
                fields.current[name] = node;
              }}
            />
            <button
              type="button"
              className="button esim-codes__copy"
              aria-label={t('codes.copyLabel', { name: label(name) })}
              onClick={() => void copy(name, value)}
            >
              {t('codes.copy')}
            </button>
          </div>
        </div>
      ))}
      <p className="esim-codes__iccid">
        {t('codes.iccid')}: <span translate="no">{esim.iccid}</span>
      </p>
      <p className="esim-codes__status" role="status" aria-live="polite">
        {status && t(status.ok ? 'codes.copied' : 'codes.copyFailed', { name: label(status.name) })}
      </p>
    </div>
  );
}

/** A code in a read-only text area as tall as its wrapped lines (the layout's width decides). */
function CodeField({
  id,
  value,
  fieldRef,
}: {
  id: string;
  value: string;
  fieldRef: (node: HTMLTextAreaElement | null) => void;
}) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const field = own.current;
    if (!field) return;
    const fit = () => {
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
    };
    fit();
    void document.fonts?.ready.then(fit);
    if (typeof ResizeObserver === 'undefined') return;
    // Again when the width changes (a turned phone, the fonts arriving); not for its own height.
    let width = field.clientWidth;
    const observer = new ResizeObserver(() => {
      if (field.clientWidth === width) return;
      width = field.clientWidth;
      fit();
    });
    observer.observe(field);
    return () => observer.disconnect();
  }, [value]);
  return (
    <textarea
      id={id}
      ref={(node) => {
        own.current = node;
        fieldRef(node);
      }}
      className="esim-codes__value"
      value={value}
      rows={1}
      readOnly
      spellCheck={false}
      autoComplete="off"
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
