import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { isUnauthorized, rejectPayment } from '../lib/staff-api';
import { useServices } from '../../../lib/services';

type RejectPaymentDialogProps = {
  staffKey: string;
  order: { orderId: string; orderNumber: string } | null;
  onClose: () => void;
  onDone: (orderNumber: string) => void;
  onUnauthorized: () => void;
};

/** Asks why before a payment is rejected: a delivered eSIM is withdrawn, which cannot be undone. */
export function RejectPaymentDialog(props: RejectPaymentDialogProps) {
  const { staffKey, order, onClose, onDone, onUnauthorized } = props;
  const { t } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!order || reason.trim().length < 3) return;
    setSending(true);
    try {
      await rejectPayment(apiUrl, staffKey, order.orderId, reason.trim());
      setReason('');
      setFailed(false);
      onDone(order.orderNumber);
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      labelledBy={`${id}-heading`}
      describedBy={`${id}-text`}
    >
      {order && (
        <form className="modal__body" onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-heading`}>
            {t('reconciliation.rejectHeading', { order: order.orderNumber })}
          </h2>
          <p id={`${id}-text`}>{t('reconciliation.rejectText')}</p>
          <label htmlFor={`${id}-reason`}>{t('reconciliation.reason')}</label>
          <textarea
            id={`${id}-reason`}
            className="staff-reason"
            required
            minLength={3}
            maxLength={500}
            rows={3}
            value={reason}
            data-autofocus
            onChange={(event) => setReason(event.target.value)}
          />
          {failed && (
            <p className="alert alert--danger" role="alert">
              {t('error')}
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button" onClick={onClose}>
              {t('confirm.cancel')}
            </button>
            <button
              type="submit"
              className="button staff-table__danger"
              disabled={sending || reason.trim().length < 3}
            >
              {t('reconciliation.rejectSubmit')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
