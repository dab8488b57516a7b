import { useTranslation } from 'react-i18next';
import { viberChatHref } from '../../../config/site';

type OrderHelpActionsProps = { orderNumber: string; primaryLabel: string; onPrimary: () => void };

/** The way forward after a problem (Try Again / Start Over) and a Viber chat that names the order. */
export function OrderHelpActions({ orderNumber, primaryLabel, onPrimary }: OrderHelpActionsProps) {
  const { t } = useTranslation('purchase');
  return (
    <div className="button-row purchase-actions">
      <button type="button" className="button button--primary" onClick={onPrimary}>
        {primaryLabel}
      </button>
      <a
        className="button"
        href={viberChatHref(t('result.failureViberMessage', { order: orderNumber }))}
      >
        {t('result.contactViber')}
      </a>
    </div>
  );
}
