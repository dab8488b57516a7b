import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { CompatibilityChecker } from '../features/compatibility/components/compatibility-checker';

export function CompatibilityPage() {
  const { t } = useTranslation('compatibility');
  return (
    <div className="page container">
      <PageMeta page="compatibility" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <CompatibilityChecker />
    </div>
  );
}
