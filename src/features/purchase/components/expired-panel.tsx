import { useTranslation } from 'react-i18next';
import { viberChatHref } from '../../../config/site';
import type { Order } from '../lib/purchase-machine';
import { StepHeading } from './step-heading';

type ExpiredPanelProps = { order: Order; focusOnMount: boolean; onStartOver: () => void };

/** The payment code expired: Start Over is the only way on. */
export function ExpiredPanel({ order, focusOnMount, onStartOver }: ExpiredPanelProps) {
  const { t } = useTranslation('purchase');
  return (
    <section className="purchase-step purchase-expired" aria-labelledby="purchase-expired-heading">
      <StepHeading id="purchase-expired-heading" focusOnMount={focusOnMount}>
        {t('expired.heading')}
      </StepHeading>
      <p className="alert alert--warning">{t('expired.text')}</p>
      <p>{t('expired.paidAlready', { order: order.number })}</p>
      <div className="button-row purchase-actions">
        <button type="button" className="button button--primary" onClick={onStartOver}>
          {t('expired.startOver')}
        </button>
        <a
          className="button"
          href={viberChatHref(t('result.failureViberMessage', { order: order.number }))}
        >
          {t('result.contactViber')}
        </a>
      </div>
    </section>
  );
}
