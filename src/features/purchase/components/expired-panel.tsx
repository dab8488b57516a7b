import { useTranslation } from 'react-i18next';
import type { Order } from '../lib/purchase-machine';
import { StepHeading } from './step-heading';
import { OrderHelpActions } from './order-help-actions';
import './result.css';

type ExpiredPanelProps = {
  order: Order;
  focusOnMount: boolean;
  onStartOver: () => void;
  /** Paid before the code expired: upload the receipt now (the receipt rules decide). */
  onUploadLate: () => void;
};

/** The payment code expired: Start Over is the only way on. */
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
      <p>{t('expired.paidAlready', { order: order.number })}</p>
      <p>{t('expired.lateText')}</p>
      <p>
        <button type="button" className="button button--primary" onClick={onUploadLate}>
          {t('expired.uploadLate')}
        </button>
      </p>
      <OrderHelpActions
        orderNumber={order.number}
        primaryLabel={t('expired.startOver')}
        onPrimary={onStartOver}
      />
    </section>
  );
}
