import { useTranslation } from 'react-i18next';
import type { Order } from '../lib/purchase-machine';
import { StepHeading } from './step-heading';
import { OrderHelpActions } from './order-help-actions';
import { OrderNumberText } from './order-number-text';
import './result.css';

type ExpiredPanelProps = {
  order: Order;
  focusOnMount: boolean;
  onStartOver: () => void;
  /** Paid before the code expired: upload the receipt now (the receipt rules decide). */
  onUploadLate: () => void;
};

/**
 * The payment code expired: start over, or (paid in time) upload the payment's screenshot.
 *
 * Start Over is the primary action and the late upload a secondary one. Most buyers who reach
 * this panel did not pay: they left the QR for longer than its 10 minutes, and a new order is
 * their way on. The late upload is for the few who paid in time and uploaded late; its offer
 * comes first, right under the notice and in the buyer's words ("Paid before the code
 * expired?"), so they find it without its button competing with Start Over in gold. A buyer who
 * paid is also told, twice, not to pay again.
 */
export function ExpiredPanel({
  order,
  focusOnMount,
  onStartOver,
  onUploadLate,
}: ExpiredPanelProps) {
  const { t } = useTranslation('purchase');
  return (
    <section className="purchase-step purchase-expired" aria-labelledby="purchase-expired-heading">
      <StepHeading id="purchase-expired-heading" focusOnMount={focusOnMount}>
        {t('expired.heading')}
      </StepHeading>
      <p className="alert alert--warning">{t('expired.text')}</p>
      <p>{t('expired.lateText')}</p>
      <p>
        <button type="button" className="button" onClick={onUploadLate}>
          {t('expired.uploadLate')}
        </button>
      </p>
      <p>
        <OrderNumberText number={order.number}>
          {(number) => t('expired.paidAlready', { order: number })}
        </OrderNumberText>
      </p>
      <OrderHelpActions
        orderNumber={order.number}
        primaryLabel={t('expired.startOver')}
        onPrimary={onStartOver}
      />
    </section>
  );
}
