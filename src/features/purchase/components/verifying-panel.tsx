import { useTranslation } from 'react-i18next';
import type { Order } from '../lib/purchase-machine';
import { OrderSummary } from './order-summary';
import { StepHeading } from './step-heading';
import './verifying-panel.css';

type VerifyingPanelProps = { order: Order; focusOnMount: boolean };

/** Step 4 while the AI reads the receipt: a spinner, and what to expect. */
export function VerifyingPanel({ order, focusOnMount }: VerifyingPanelProps) {
  const { t } = useTranslation('purchase');
  return (
    <section
      className="purchase-step purchase-verifying"
      aria-labelledby="purchase-verifying-heading"
    >
      <span className="spinner" aria-hidden="true" />
      <div role="status">
        <StepHeading id="purchase-verifying-heading" focusOnMount={focusOnMount}>
          {t('verifying.heading')}
        </StepHeading>
        <p>{t('verifying.text')}</p>
      </div>
      <OrderSummary order={order} />
    </section>
  );
}
