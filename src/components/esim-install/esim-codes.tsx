import { useId, useRef, useState } from 'react';
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
  const fields = useRef<Partial<Record<CodeName, HTMLInputElement | null>>>({});
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
            <input
              id={`${id}-${name}`}
              ref={(node) => {
                fields.current[name] = node;
              }}
              className="esim-codes__value"
              value={value}
              readOnly
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
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
