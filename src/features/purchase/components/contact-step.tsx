import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import { useReachOverKeyboard } from '../hooks/use-reach-over-keyboard';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import type { OperatorId, PlanId } from '#domain/catalogue';
import { ContactField, contactReady } from './contact-field';
import { DraftSummary } from './draft-summary';
import { StepHeading } from './step-heading';
import { StockNotice } from './stock-promise';
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
  /** Server mode: refused by the server's limit of orders per address (429), wait this long. */
  createLimited?: { minutes: number | null } | null;
  /** Server mode: the operator has no eSIM in stock; staff promise it this long after payment. */
  notReady?: { operatorName: string; promiseMinutes: number } | null;
  /**
   * Server mode: whether the server sends email (issue #44). When it does not (or cannot say
   * yet), the hint promises no email: the eSIM stays on its order page.
   */
  emailDelivery?: boolean;
};

/**
 * Step 3: where the eSIM is sent; the field has focus on arrival. The value is checked when the
 * buyer leaves the field or presses Continue, never while typing (decision 052): an empty or
 * invalid value gets a message there, a foreign number a pointer to email, a near miss of a
 * common mail domain a "did you mean". Continue never goes on with an invalid value.
 */
export function ContactStep(props: ContactStepProps) {
  const { planId, operatorId, contact, onEdit, onContinue, onBack, creating = false } = props;
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const input = useFocusOnArrival<HTMLInputElement>();
  // Continue stays above the phone's keyboard while the field has it (issue #44).
  const continueButton = useRef<HTMLButtonElement>(null);
  useReachOverKeyboard(input, continueButton);
  // Once the buyer has left the field (with something in it) or pressed Continue, the messages
  // follow the value as it changes; before that, typing is never interrupted.
  const [touched, setTouched] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    // A "did you mean" the buyer has not seen yet stops the first press (Enter in the field).
    if (!contactReady(contact, touched)) {
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
      {props.notReady && <StockNotice {...props.notReady} />}
      <form onSubmit={submit} noValidate>
        <ContactField
          inputRef={input}
          contact={contact}
          onEdit={onEdit}
          touched={touched}
          onTouched={() => setTouched(true)}
          hint={props.emailDelivery === false ? t('contactNoEmail.hint') : undefined}
        />
        {/* Continue first, the way on (then Back): on a phone one column, Continue full width. */}
        <div className="button-row purchase-actions purchase-contact__actions">
          <button
            ref={continueButton}
            type="submit"
            className="button button--primary purchase-contact__continue"
            disabled={creating}
            aria-busy={creating || undefined}
          >
            {t('contact.continue')}
          </button>
          <button type="button" className="button" onClick={onBack}>
            {t('back')}
          </button>
        </div>
        {props.createFailed && !creating && (
          <p className="field-error" role="alert">
            {!props.createLimited
              ? t('contact.orderFailed')
              : props.createLimited.minutes === null
                ? t('contact.orderLimitedSoon')
                : t('contact.orderLimited', {
                    minutes: formatNumber(props.createLimited.minutes, language),
                  })}
          </p>
        )}
      </form>
    </section>
  );
}
