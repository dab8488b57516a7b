import { useTranslation } from 'react-i18next';
import type { Order } from '../lib/purchase-machine';
import { OrderNumberRow } from './order-summary';
import './order-summary.css';

type LateUploadNoticeProps = { order: Order; amount: string };

/**
 * The payment step reopened after the code expired (UPLOAD_LATE): in place of the QR and the
 * countdown, that nobody may pay this code now and that only a payment made before it expired
 * is accepted, with the order number and the amount to compare with the receipt.
 */
export function LateUploadNotice({ order, amount }: LateUploadNoticeProps) {
  const { t } = useTranslation('purchase');
  return (
    <>
      <p className="alert alert--warning purchase-late__notice">{t('late.notice')}</p>
      <dl className="purchase-summary purchase-late__facts" aria-label={t('summary.label')}>
        <OrderNumberRow label={t('summary.order')} number={order.number} />
        <div>
          <dt>{t('late.amount')}</dt>
          <dd data-testid="amount-due">{amount}</dd>
        </div>
      </dl>
    </>
  );
}
