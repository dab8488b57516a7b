import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { PurchaseFlow } from '../features/purchase/components/purchase-flow';

/** /buy-esim: the five-step purchase. */
export function BuyPage() {
  const { t } = useTranslation('purchase');
  return (
    <div className="page container buy-page">
      <PageMeta page="buy" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <PurchaseFlow />
    </div>
  );
}
