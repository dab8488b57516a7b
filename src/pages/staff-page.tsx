import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { StaffDashboard } from '../features/staff/components/staff-dashboard';

export function StaffPage() {
  const { t } = useTranslation('staff');
  return (
    <div className="page container staff-page">
      <PageMeta page="staff">
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
      </PageMeta>
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <StaffDashboard />
    </div>
  );
}
