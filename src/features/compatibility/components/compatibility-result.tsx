import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';
import type { Outcome, Tone } from '../lib/outcome';

const icons: Record<Tone, string> = { yes: '✓', no: '✕', uncertain: '?', error: '!', info: 'i' };

type CompatibilityResultProps = {
  outcome: Outcome | null;
  /** While the device is detected or checked: what is happening (the answer is not there yet). */
  progress?: string;
};

/**
 * The coloured result box: a title for answers, one sentence of reason, and caveats. While the
 * device is detected or checked, the same box says so, with a spinner for its icon. The answer's
 * sentence is written into the very element that said so (the elements keep their places in the
 * tree, so React keeps the node, decision 085): an answer that comes seconds after the page was
 * painted from HTML fills the place kept for it and is not counted as a new, larger paint.
 */
export function CompatibilityResult({ outcome, progress }: CompatibilityResultProps) {
  const { t } = useTranslation('compatibility');
  const answer = progress === undefined ? outcome : null;
  if (!answer && progress === undefined) return null;

  let reason = progress ?? '';
  switch (answer?.source) {
    case 'table':
      reason = t(answer.tone === 'yes' ? 'result.tableYes' : 'result.tableNo', {
        name: answer.entry.name,
      });
      break;
    case 'ai':
      reason = answer.reason;
      break;
    case 'error':
      reason = t('compatibility_error');
      break;
    case 'info':
      reason = t(`info.${answer.info}`);
      break;
  }

  return (
    <div
      className={`compat-result compat-result--${answer ? answer.tone : 'pending'}`}
      data-tone={answer?.tone}
    >
      <span className="compat-result__icon" aria-hidden="true">
        {answer ? icons[answer.tone] : <span className="spinner compat-progress__spinner" />}
      </span>
      <div className="compat-result__body">
        {answer && answer.tone !== 'info' && (
          <p className="compat-result__title">{t(`result.${answer.tone}`)}</p>
        )}
        <p className="compat-result__reason">{reason}</p>
        {answer?.source === 'table' && answer.notes.length > 0 && (
          <>
            <p className="compat-result__notes-title">{t('result.notesTitle')}</p>
            <ul className="compat-result__notes">
              {answer.notes.map((note) => (
                <li key={note}>{t(`notes.${note}`)}</li>
              ))}
            </ul>
          </>
        )}
        {answer?.source === 'ai' && <p className="compat-result__source">{t('result.aiNote')}</p>}
        {answer?.tone === 'yes' && (
          <Link to={paths.buy} className="button button--primary compat-result__buy">
            {t('result.buy')}
          </Link>
        )}
      </div>
    </div>
  );
}
