import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import { SUPPORT_ISSUE_MAX_CHARS } from '../../../lib/ai/support';
import { preloadZawgyiFor } from '../../../lib/zawgyi/zawgyi';
import { useSupportTriage } from '../hooks/use-support-triage';
import { SupportResult } from './support-result';

/** The AI support triage form (SPEC §2 /contact). */
export function SupportAssistant() {
  const { t } = useTranslation('support');
  const { state, analyse, reset } = useSupportTriage();
  const [issue, setIssue] = useState('');
  // Back from a result by Try Again, the visitor types the next issue at once.
  const [focusInput, setFocusInput] = useState(false);
  const textarea = useFocusOnArrival<HTMLTextAreaElement>(focusInput);
  const headingId = useId();
  const inputId = useId();
  const introId = useId();
  const busy = state.phase === 'analysing';

  const tryAgain = () => {
    reset();
    setIssue('');
    setFocusInput(true);
  };

  return (
    <section className="card support-assistant" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('assistant.title')}</h2>
      {state.phase === 'result' ? (
        <SupportResult analysis={state.analysis} issue={state.issue} onTryAgain={tryAgain} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setFocusInput(false);
            void analyse(issue);
          }}
        >
          <p id={introId} className="support-assistant__intro">
            {t('assistant.intro')}
          </p>
          <div className="field">
            <label htmlFor={inputId}>{t('assistant.label')}</label>
            <textarea
              ref={textarea}
              id={inputId}
              className="textarea"
              rows={4}
              maxLength={SUPPORT_ISSUE_MAX_CHARS}
              value={issue}
              placeholder={t('assistant.placeholder')}
              aria-describedby={introId}
              onChange={(event) => {
                setIssue(event.target.value);
                preloadZawgyiFor(event.target.value);
              }}
            />
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || issue.trim() === ''}
          >
            {busy && <span className="spinner support-assistant__spinner" aria-hidden="true" />}
            {busy ? t('assistant.analysing') : t('assistant.submit')}
          </button>
          <div role="status" aria-live="polite" className="support-assistant__status">
            {busy && <span className="visually-hidden">{t('assistant.analysing')}</span>}
          </div>
          {state.phase === 'error' && (
            <p role="alert" className="alert alert--danger support-assistant__error">
              {t('contact_form_error_server')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
