import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { ApiError, type LineProblem } from '../../../lib/api/client';
import { importStatement, isUnauthorized, type StatementResult } from '../lib/staff-api';
import { useServices } from '../../../lib/services';

type Outcome =
  | { kind: 'done'; result: StatementResult }
  | { kind: 'refused'; problems: LineProblem[]; message: string }
  | { kind: 'badMapping'; message: string }
  | { kind: 'failed' }
  | { kind: 'noFile' }
  | null;

type StatementImportProps = {
  staffKey: string;
  onImported: () => void;
  onUnauthorized: () => void;
};

/**
 * Imports the merchant account's statement (POST /api/staff/reconciliation/statement), with an
 * optional column mapping (JSON) for another bank's export. A bad file is refused whole, every
 * problem with its line; the same lines again change nothing.
 */
export function StatementImport({ staffKey, onImported, onUnauthorized }: StatementImportProps) {
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const mappingFile = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setOutcome({ kind: 'noFile' });
      return;
    }
    setSending(true);
    try {
      const mappingText = await mappingFile.current?.files?.[0]?.text();
      let mapping: unknown;
      if (mappingText !== undefined) {
        try {
          mapping = JSON.parse(mappingText);
        } catch {
          setOutcome({ kind: 'badMapping', message: 'JSON' });
          return;
        }
      }
      const result = await importStatement(apiUrl, staffKey, await chosen.text(), mapping);
      setOutcome({ kind: 'done', result });
      if (file.current) file.current.value = '';
      onImported();
    } catch (error) {
      if (isUnauthorized(error)) {
        onUnauthorized();
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        setOutcome({ kind: 'refused', problems: error.details, message: error.message });
      } else if (error instanceof ApiError && error.status === 400) {
        setOutcome({ kind: 'badMapping', message: error.message });
      } else setOutcome({ kind: 'failed' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="staff-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('statement.heading')}</h2>
      <form className="staff-import" onSubmit={(event) => void submit(event)}>
        <p id={`${id}-hint`}>{t('statement.hint')}</p>
        <label htmlFor={`${id}-file`}>{t('statement.file')}</label>
        <input
          id={`${id}-file`}
          ref={file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={`${id}-mapping`}>{t('statement.mapping')}</label>
        <input id={`${id}-mapping`} ref={mappingFile} type="file" accept=".json,application/json" />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('statement.importing') : t('statement.submit')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'done' && (
          <p className="alert alert--success">
            {t('statement.done', {
              imported: number(outcome.result.imported),
              again: number(outcome.result.alreadyImported),
              confirmed: number(outcome.result.confirmed),
              released: number(outcome.result.released),
              suspect: number(outcome.result.suspect),
            })}
          </p>
        )}
        {outcome?.kind === 'noFile' && (
          <p className="alert alert--warning">{t('statement.noFile')}</p>
        )}
        {outcome?.kind === 'badMapping' && (
          <p className="alert alert--danger">
            {t('statement.badMapping', { problem: outcome.message })}
          </p>
        )}
        {outcome?.kind === 'failed' && <p className="alert alert--danger">{t('error')}</p>}
        {outcome?.kind === 'refused' && (
          <div className="alert alert--danger">
            <p>{t('statement.refused')}</p>
            {outcome.problems.length > 0 ? (
              <ul className="staff-import__problems">
                {outcome.problems.map((problem) => (
                  <li key={`${problem.line}:${problem.problem}`}>
                    {t('import.line', { line: number(problem.line), problem: problem.problem })}
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
