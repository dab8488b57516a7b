import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import type { OrderChangeOutcome } from '../hooks/use-order-change';
import { checkContact } from '#domain/contact';
import type { Order } from '../lib/purchase-machine';
import { ContactField, contactReady } from './contact-field';
import { OrderNumberText } from './order-number-text';
import './order-change.css';

type OrderChangeProps = {
  order: Order;
  /** Saves a corrected contact on the same order. */
  onChangeContact: (contact: string) => Promise<OrderChangeOutcome>;
  /** Cancels the order (after the buyer confirmed). */
  onCancel: () => Promise<OrderChangeOutcome>;
  /** Whether the cancel confirmation is open (also opened by the browser's Back). */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  busy: boolean;
};

/**
 * The payment step's way back (issue #15 item 1, decision 058): correct the contact (same order,
 * same QR and countdown) or cancel the order after a confirmation that warns a buyer who has
 * already paid. A failure changes nothing and says so.
 */
export function OrderChange(props: OrderChangeProps) {
  const { order, confirming, onConfirmingChange, busy } = props;
  const { t } = useTranslation('purchase');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [contact, setContact] = useState(order.contact);
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<'failed' | 'closed' | null>(null);
  // Focus goes into the field when it opens, and back to its button when it closes.
  const opened = useRef(false);
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (opened.current) editButton.current?.focus();
    opened.current = editing;
  }, [editing]);

  const openEditor = () => {
    setContact(order.contact);
    setTouched(false);
    setProblem(null);
    setSaved(null);
    setEditing(true);
  };
  const closeEditor = () => setEditing(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!contactReady(contact, touched)) {
      setTouched(true);
      input.current?.focus();
      return;
    }
    const outcome = await props.onChangeContact(contact);
    if (outcome === 'done') {
      const check = checkContact(contact);
      setSaved(check.valid ? check.value : contact.trim());
      closeEditor();
    } else if (outcome !== 'busy') {
      setProblem(outcome);
    }
  };

  const cancel = async () => {
    if (busy) return;
    const outcome = await props.onCancel();
    if (outcome === 'failed') setProblem('failed');
    if (outcome === 'closed') onConfirmingChange(false);
  };

  const failure = problem && (
    <p className="field-error" role="alert">
      {problem === 'closed' ? t('change.closed') : t('change.failed')}
    </p>
  );

  return (
    <div className="purchase-change">
      {editing ? (
        <form className="purchase-change__form" onSubmit={(event) => void save(event)} noValidate>
          <ContactField
            inputRef={input}
            contact={contact}
            onEdit={setContact}
            touched={touched}
            onTouched={() => setTouched(true)}
            label={t('change.newContact')}
          />
          <p className="purchase-field-hint">
            <OrderNumberText number={order.number}>
              {(number) => t('change.sameOrder', { order: number })}
            </OrderNumberText>
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={closeEditor}>
              {t('change.keepContact')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {t('change.save')}
            </button>
          </div>
          {failure}
        </form>
      ) : (
        <div className="purchase-change__actions">
          <button ref={editButton} type="button" className="button" onClick={openEditor}>
            {t('change.contact')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setProblem(null);
              onConfirmingChange(true);
            }}
          >
            {t('change.cancel')}
          </button>
        </div>
      )}
      <div aria-live="polite">
        {saved && !editing && (
          <p className="purchase-change__saved">{t('change.saved', { contact: saved })}</p>
        )}
        {!editing && !confirming && failure}
      </div>
      <Modal
        open={confirming}
        onClose={() => onConfirmingChange(false)}
        labelledBy={`${id}-cancel-heading`}
        describedBy={`${id}-cancel-text`}
        className="purchase-cancel"
      >
        <div className="modal__body">
          <h2 id={`${id}-cancel-heading`}>
            <OrderNumberText number={order.number}>
              {(number) => t('cancel.heading', { order: number })}
            </OrderNumberText>
          </h2>
          <p id={`${id}-cancel-text`}>{t('cancel.text')}</p>
          <p className="purchase-cancel__paid">{t('cancel.paid')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              data-autofocus
              onClick={() => onConfirmingChange(false)}
            >
              {t('cancel.keep')}
            </button>
            <button
              type="button"
              className="button purchase-cancel__confirm"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void cancel()}
            >
              {t('cancel.confirm')}
            </button>
          </div>
          {confirming && failure}
        </div>
      </Modal>
    </div>
  );
}
