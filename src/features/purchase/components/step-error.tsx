import { useTranslation } from 'react-i18next';
import { viberChatHref } from '../../../config/site';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { OrderNumberText } from './order-number-text';

type StepErrorProps = { orderNumber: string | null };

/**
 * Shown in place of a step that failed to render. The order lives in sessionStorage, so a
 * refresh brings the buyer back to where they were; the Viber link names the order.
 */
export function StepError({ orderNumber }: StepErrorProps) {
  const { t } = useTranslation('purchase');
  return (
    <section className="purchase-step" role="alert">
      <h2>{t('stepError.heading')}</h2>
      <p>
        {orderNumber ? (
          <OrderNumberText number={orderNumber}>
            {(number) => t('stepError.textWithOrder', { order: number })}
          </OrderNumberText>
        ) : (
          t('stepError.text')
        )}
      </p>
      <div className="button-row purchase-actions">
        <RefreshButton />
        {orderNumber && (
          <a
            className="button"
            href={viberChatHref(t('result.viberHelpMessage', { order: orderNumber }))}
          >
            {t('result.viberHelp')}
          </a>
        )}
      </div>
    </section>
  );
}
