import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { StatusBoard } from '../features/status/components/status-board';

export function StatusPage() {
  const { t } = useTranslation('status');
  return (
    <div className="page container">
      <PageMeta page="status" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <StatusBoard />
    </div>
  );
}
