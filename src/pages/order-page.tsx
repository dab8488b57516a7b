import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { OrderView } from '../features/order/components/order-view';

export function OrderPage() {
  const { t } = useTranslation('delivery');
  return (
    <div className="page container order-page">
      <PageMeta page="order">
        {/* The link carries the order's token: no Referer for it, and no index of it. */}
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex, nofollow" />
      </PageMeta>
      <h1>{t('order.heading')}</h1>
      <OrderView />
    </div>
  );
}
