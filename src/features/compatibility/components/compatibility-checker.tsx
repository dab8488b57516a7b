import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadZawgyiFor } from '../../../lib/zawgyi/zawgyi';
import { useCompatibilityCheck } from '../hooks/use-compatibility-check';
import { CompatibilityResult } from './compatibility-result';
import { PopularDevices } from './popular-devices';
import '../compatibility.css';

/**
 * The device check (SPEC §2 /compatibility): the model box, the coloured result and the
 * popular-devices list. Known models answer from the device table; others ask the AI.
 */
export function CompatibilityChecker() {
  const { t } = useTranslation('compatibility');
  const { model, setModel, phase, outcome, check } = useCompatibilityCheck();
  const inputId = useId();
  const hintId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const busy = phase !== 'idle';

  const choose = (name: string) => {
    setModel(name);
    void check(name);
    resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  return (
    <div className="compat">
      <section className="card compat-checker">
        <form
          className="compat-form"
          onSubmit={(event) => {
            event.preventDefault();
            void check(model);
          }}
        >
          <label htmlFor={inputId} className="compat-form__label">
            {t('form.label')}
          </label>
          <div className="compat-form__row">
            <input
              id={inputId}
              className="input"
              type="text"
              value={model}
              placeholder={t('form.placeholder')}
              aria-describedby={hintId}
              autoComplete="off"
              disabled={busy}
              onChange={(event) => {
                setModel(event.target.value);
                preloadZawgyiFor(event.target.value);
              }}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('form.submit')}
            </button>
          </div>
          <p id={hintId} className="compat-form__hint">
            {t('form.hint')}
          </p>
        </form>
        <div ref={resultRef} className="compat-checker__result" role="status" aria-live="polite">
          <CompatibilityResult
            outcome={phase === 'idle' ? outcome : null}
            progress={
              phase === 'detecting'
                ? t('form.detecting')
                : phase === 'checking'
                  ? t('form.checking', { model: model.trim() })
                  : undefined
            }
          />
        </div>
      </section>
      <PopularDevices onChoose={choose} disabled={busy} />
    </div>
  );
}
