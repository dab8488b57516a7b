import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import type { OperatorId, PlanId } from '../../../config/catalogue';
import { EMAIL_MAX_LENGTH } from '../../../lib/email';
import { checkContact } from '../lib/contact';
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

/** Step 3: where the eSIM is sent; the field has focus on arrival, Continue waits for a valid value. */
export function ContactStep(props: ContactStepProps) {
  const { planId, operatorId, contact, onEdit, onContinue, onBack, creating = false } = props;
  const { t } = useTranslation('purchase');
  const input = useFocusOnArrival<HTMLInputElement>();
  const id = useId();
  const check = checkContact(contact);
  const showError = contact.trim() !== '' && !check.valid;
  const normalised = check.valid && check.value !== contact.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.valid && !creating) onContinue();
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
          <input
            ref={input}
            id={`${id}-input`}
            className="input purchase-contact__input"
            type="text"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('contact.placeholder')}
            value={contact}
            maxLength={EMAIL_MAX_LENGTH}
            aria-invalid={showError}
            aria-describedby={`${id}-hint${showError ? ` ${id}-error` : ''}`}
            onChange={(event) => onEdit(event.target.value.slice(0, EMAIL_MAX_LENGTH))}
          />
          <p id={`${id}-hint`} className="purchase-field-hint">
            {t('contact.hint')}
          </p>
          {showError && (
            <p id={`${id}-error`} className="field-error">
              {t('esim_enter_contact_error')}
            </p>
          )}
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
            disabled={!check.valid || creating}
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
