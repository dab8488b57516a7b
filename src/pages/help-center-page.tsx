import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { FIND_MY_ESIMS } from '../components/layout/header';
import { PageMeta } from '../components/page-meta';
import { FaqList } from '../features/guides/components/faq-list';
import { MoreHelp } from '../features/guides/components/more-help';
import { FindMyEsims } from '../features/order/components/find-my-esims';

export function HelpCenterPage() {
  const { t } = useTranslation('faq');
  const [params] = useSearchParams();
  const { key } = useLocation();
  // From the menu's "Find my eSIMs": that box, focused (again on every tap of the item).
  const find = params.has(FIND_MY_ESIMS);
  return (
    <div className="page container">
      <PageMeta page="helpCenter" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <FindMyEsims key={find ? key : 'help'} focusOnArrival={find} />
      <FaqList />
      <MoreHelp />
    </div>
  );
}
