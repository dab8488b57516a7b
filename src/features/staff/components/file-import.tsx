import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { ApiError, type LineProblem } from '../../../lib/api/client';
import { isUnauthorized } from '../lib/staff-api';

type Outcome<T> =
  | { kind: 'done'; result: T }
  | { kind: 'refused'; problems: LineProblem[]; message: string }
  | { kind: 'badMapping'; message: string }
  | { kind: 'failed' }
  | { kind: 'noFile' }
  | null;

/** Thrown by an upload for input the server never saw (shown as `<keys>.badMapping`). */
export class BadMapping extends Error {}

type FileImportProps<T> = {
  /** The texts' prefix in the staff namespace: heading, hint, file, submit, importing, noFile, refused. */
  keys: 'import' | 'statement';
  /** Sends the chosen CSV's text; an ApiError 422 lists the file's problems by line. */
  upload: (csv: string) => Promise<T>;
  /** The success line for what the server answered. */
  done: (result: T, number: (value: number) => string) => string;
  /** Inputs after the file's (the statement's column mapping); with them a 400 is a refused mapping. */
  mapping?: ReactNode;
  onImported: () => void;
  onUnauthorized: () => void;
};

/**
 * A staff CSV import (stock, statement): one file (plus `mapping`'s inputs), sent whole. The server
 * refuses a bad file whole: every problem is listed with its line number, and nothing was imported.
 */
export function FileImport<T>({ keys, upload, done, mapping, ...on }: FileImportProps<T>) {
  const { t, i18n } = useTranslation('staff');
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<T>>(null);
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
      const result = await upload(await chosen.text());
      setOutcome({ kind: 'done', result });
      if (file.current) file.current.value = '';
      on.onImported();
    } catch (error) {
      if (isUnauthorized(error)) {
        on.onUnauthorized();
        return;
      }
      if (error instanceof ApiError && error.status === 422) {
        setOutcome({ kind: 'refused', problems: error.details, message: error.message });
      } else if (
        error instanceof BadMapping ||
        (mapping !== undefined && error instanceof ApiError && error.status === 400)
      ) {
        setOutcome({ kind: 'badMapping', message: error.message });
      } else setOutcome({ kind: 'failed' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="staff-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t(`${keys}.heading`)}</h2>
      <form className="staff-import" onSubmit={(event) => void submit(event)}>
        <p id={`${id}-hint`}>{t(`${keys}.hint`)}</p>
        <label htmlFor={`${id}-file`}>{t(`${keys}.file`)}</label>
        <input
          id={`${id}-file`}
          ref={file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
        />
        {mapping}
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t(`${keys}.importing`) : t(`${keys}.submit`)}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'done' && (
          <p className="alert alert--success">{done(outcome.result, number)}</p>
        )}
        {outcome?.kind === 'noFile' && (
          <p className="alert alert--warning">{t(`${keys}.noFile`)}</p>
        )}
        {outcome?.kind === 'badMapping' && (
          <p className="alert alert--danger">
            {t('statement.badMapping', { problem: outcome.message })}
          </p>
        )}
        {outcome?.kind === 'failed' && <p className="alert alert--danger">{t('error')}</p>}
        {outcome?.kind === 'refused' && (
          <div className="alert alert--danger">
            <p>{t(`${keys}.refused`)}</p>
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
