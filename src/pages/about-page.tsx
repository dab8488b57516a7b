import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { MissionVision } from '../features/guides/components/mission-vision';
import { PurchaseFlowchart } from '../features/guides/components/purchase-flowchart';

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <div className="page container">
      <PageMeta page="about" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <MissionVision />
      <PurchaseFlowchart />
    </div>
  );
}
