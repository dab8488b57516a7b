import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Outcome, Tone } from '../lib/outcome';

const icons: Record<Tone, string> = { yes: '✓', no: '✕', uncertain: '?', error: '!', info: 'i' };

type CompatibilityResultProps = { outcome: Outcome };

/** The coloured result box: a title for answers, one sentence of reason, and caveats. */
export function CompatibilityResult({ outcome }: CompatibilityResultProps) {
  const { t } = useTranslation('compatibility');

  let reason: string;
  switch (outcome.source) {
    case 'table':
      reason = t(outcome.tone === 'yes' ? 'result.tableYes' : 'result.tableNo', {
        name: outcome.entry.name,
      });
      break;
    case 'ai':
      reason = outcome.reason;
      break;
    case 'error':
      reason = t('compatibility_error');
      break;
    case 'info':
      reason = t(`info.${outcome.info}`);
      break;
  }

  return (
    <div className={`compat-result compat-result--${outcome.tone}`} data-tone={outcome.tone}>
      <span className="compat-result__icon" aria-hidden="true">
        {icons[outcome.tone]}
      </span>
      <div className="compat-result__body">
        {outcome.tone !== 'info' && (
          <p className="compat-result__title">{t(`result.${outcome.tone}`)}</p>
        )}
        <p className="compat-result__reason">{reason}</p>
        {outcome.source === 'table' && outcome.notes.length > 0 && (
          <>
            <p className="compat-result__notes-title">{t('result.notesTitle')}</p>
            <ul className="compat-result__notes">
              {outcome.notes.map((note) => (
                <li key={note}>{t(`notes.${note}`)}</li>
              ))}
            </ul>
          </>
        )}
        {outcome.source === 'ai' && <p className="compat-result__source">{t('result.aiNote')}</p>}
        {outcome.tone === 'yes' && (
          <Link to={paths.buy} className="button button--primary compat-result__buy">
            {t('result.buy')}
          </Link>
        )}
      </div>
    </div>
  );
}
