import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { ApiError, type LineProblem } from '../../../lib/api/client';
import { importStock, isUnauthorized } from '../lib/staff-api';
import { useServices } from '../../../lib/services';

type Outcome =
  | { kind: 'done'; imported: number; delivered: number }
  | { kind: 'refused'; problems: LineProblem[]; message: string }
  | { kind: 'failed' }
  | { kind: 'noFile' }
  | null;

type CsvImportProps = { staffKey: string; onImported: () => void; onUnauthorized: () => void };

/**
 * Imports eSIM profiles from a CSV (POST /api/staff/stock, text/csv). The server refuses a bad
 * file whole: every problem is listed with its line number, and nothing was imported.
 */
export function CsvImport({ staffKey, onImported, onUnauthorized }: CsvImportProps) {
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setOutcome({ kind: 'noFile' });
      return;
    }
    setSending(true);
    try {
      const result = await importStock(apiUrl, staffKey, await chosen.text());
      setOutcome({ kind: 'done', imported: result.imported, delivered: result.deliveredWaiting });
      if (file.current) file.current.value = '';
      onImported();
    } catch (error) {
      if (isUnauthorized(error)) {
        onUnauthorized();
        return;
      }
      setOutcome(
        error instanceof ApiError && error.status === 422
          ? { kind: 'refused', problems: error.details, message: error.message }
          : { kind: 'failed' },
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="staff-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('import.heading')}</h2>
      <form className="staff-import" onSubmit={(event) => void submit(event)}>
        <p id={`${id}-hint`}>{t('import.hint')}</p>
        <label htmlFor={`${id}-file`}>{t('import.file')}</label>
        <input
          id={`${id}-file`}
          ref={file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('import.importing') : t('import.submit')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'done' && (
          <p className="alert alert--success">
            {t('import.done', {
              imported: formatNumber(outcome.imported, i18n.language),
              delivered: formatNumber(outcome.delivered, i18n.language),
            })}
          </p>
        )}
        {outcome?.kind === 'noFile' && <p className="alert alert--warning">{t('import.noFile')}</p>}
        {outcome?.kind === 'failed' && <p className="alert alert--danger">{t('error')}</p>}
        {outcome?.kind === 'refused' && (
          <div className="alert alert--danger">
            <p>{t('import.refused')}</p>
            {outcome.problems.length > 0 ? (
              <ul className="staff-import__problems">
                {outcome.problems.map((problem) => (
                  <li key={`${problem.line}:${problem.problem}`}>
                    {t('import.line', {
                      line: formatNumber(problem.line, i18n.language),
                      problem: problem.problem,
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{outcome.message}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
