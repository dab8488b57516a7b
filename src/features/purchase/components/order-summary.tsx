import { useTranslation } from 'react-i18next';
import { findOperator } from '#domain/catalogue';
import type { Order } from '../lib/purchase-machine';
import { usePlanName } from '../../../hooks/use-plan-name';
import './order-summary.css';

type OrderSummaryProps = { order: Order };

/** One row of a summary list: the order number (the buyer quotes it to staff). */
export function OrderNumberRow({ label, number }: { label: string; number: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="purchase-summary__order" data-testid="order-number">
        {number}
      </dd>
    </div>
  );
}

/** Order number, plan, network and contact of an order. */
export function OrderSummary({ order }: OrderSummaryProps) {
  const { t } = useTranslation('purchase');
  const planName = usePlanName();
  return (
    <dl className="purchase-summary" aria-label={t('summary.label')}>
      <OrderNumberRow label={t('summary.order')} number={order.number} />
      <div>
        <dt>{t('summary.plan')}</dt>
        <dd>{planName(order.planId)}</dd>
      </div>
      <div>
        <dt>{t('summary.operator')}</dt>
        <dd>{findOperator(order.operatorId)?.name}</dd>
      </div>
      <div>
        <dt>{t('summary.contact')}</dt>
        <dd className="purchase-summary__contact">{order.contact}</dd>
      </div>
    </dl>
  );
}
