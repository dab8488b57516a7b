import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { FaqList } from '../features/guides/components/faq-list';
import { MoreHelp } from '../features/guides/components/more-help';
import { FindMyEsims } from '../features/order/components/find-my-esims';

export function HelpCenterPage() {
  const { t } = useTranslation('faq');
  return (
    <div className="page container">
      <PageMeta page="helpCenter" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <FindMyEsims />
      <FaqList />
      <MoreHelp />
    </div>
  );
}
