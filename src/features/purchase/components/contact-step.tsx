import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import type { OperatorId, PlanId } from '../../../config/catalogue';
import { EMAIL_MAX_LENGTH } from '../../../lib/email';
import { checkContact, contactProblem, suggestEmail } from '../lib/contact';
import { DraftSummary } from './draft-summary';
import { StepHeading } from './step-heading';
import './contact-step.css';

type ContactStepProps = {
  planId: PlanId;
  operatorId: OperatorId;
  contact: string;
  onEdit: (contact: string) => void;
  onContinue: () => void;
  onBack: () => void;
  /** Server mode: the order is being made on the server / could not be made. */
  creating?: boolean;
  createFailed?: boolean;
};

/**
 * Step 3: where the eSIM is sent; the field has focus on arrival. The value is checked when the
 * buyer leaves the field or presses Continue, never while typing (decision 052): an empty or
 * invalid value gets a message there, a foreign number a pointer to email, a near miss of a
 * common mail domain a "did you mean". Continue never goes on with an invalid value.
 */
export function ContactStep(props: ContactStepProps) {
  const { planId, operatorId, contact, onEdit, onContinue, onBack, creating = false } = props;
  const { t } = useTranslation('purchase');
  const input = useFocusOnArrival<HTMLInputElement>();
  const id = useId();
  // Once the buyer has left the field (with something in it) or pressed Continue, the messages
  // follow the value as it changes; before that, typing is never interrupted.
  const [touched, setTouched] = useState(false);
  const check = checkContact(contact);
  const problem = touched ? contactProblem(contact) : null;
  const suggestion = touched ? suggestEmail(contact) : null;
  const normalised = check.valid && check.value !== contact.trim();
  const describedBy = [
    `${id}-hint`,
    problem && `${id}-error`,
    suggestion && `${id}-suggestion`,
  ].filter(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    // A "did you mean" the buyer has not seen yet stops the first press (Enter in the field).
    if (!check.valid || (!touched && suggestEmail(contact))) {
      setTouched(true);
      input.current?.focus();
      return;
    }
    onContinue();
  };

  return (
    <section className="purchase-step" aria-labelledby="purchase-contact-heading">
      <StepHeading id="purchase-contact-heading" focusOnMount={false}>
        {t('contact.heading')}
      </StepHeading>
      <DraftSummary planId={planId} operatorId={operatorId} />
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-input`}>{t('contact.label')}</label>
          {/* type=text with the email keyboard: letters, @ and digits on one keyboard (052). */}
          <input
            ref={input}
            id={`${id}-input`}
            className="input purchase-contact__input"
            type="text"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={t('contact.placeholder')}
            value={contact}
            maxLength={EMAIL_MAX_LENGTH}
            aria-invalid={problem !== null}
            aria-describedby={describedBy.join(' ')}
            onChange={(event) => onEdit(event.target.value.slice(0, EMAIL_MAX_LENGTH))}
            onBlur={() => contact.trim() !== '' && setTouched(true)}
          />
          <p id={`${id}-hint`} className="purchase-field-hint">
            {t('contact.hint')}
          </p>
          <div aria-live="polite">
            {problem && (
              <div id={`${id}-error`} className="purchase-contact__problem">
                <p className="field-error">
                  {problem === 'empty' ? t('contact.empty') : t('esim_enter_contact_error')}
                </p>
                {problem === 'foreignPhone' && (
                  <p className="purchase-field-hint purchase-contact__foreign">
                    {t('contact.foreignPhone')}
                  </p>
                )}
              </div>
            )}
            {suggestion && (
              <p id={`${id}-suggestion`} className="purchase-contact__suggestion">
                <span>{t('contact.didYouMean', { suggestion })}</span>{' '}
                <button
                  type="button"
                  className="button purchase-contact__apply"
                  onClick={() => {
                    onEdit(suggestion);
                    input.current?.focus();
                  }}
                >
                  {t('contact.useSuggestion', { suggestion })}
                </button>
              </p>
            )}
          </div>
          {normalised && (
            <p className="purchase-field-hint">{t('contact.normalised', { value: check.value })}</p>
          )}
        </div>
        <div className="button-row purchase-actions">
          <button type="button" className="button" onClick={onBack}>
            {t('back')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={creating}
            aria-busy={creating || undefined}
          >
            {t('contact.continue')}
          </button>
        </div>
        {props.createFailed && !creating && (
          <p className="field-error" role="alert">
            {t('contact.orderFailed')}
          </p>
        )}
      </form>
    </section>
  );
}
