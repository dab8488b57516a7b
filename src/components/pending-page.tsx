import { useTranslation } from 'react-i18next';
import type { RouteName } from '../config/paths';
import { site } from '../config/site';
import { PageMeta } from './page-meta';

/** The heading and one-line description of a route whose own feature has not landed yet. */
export function PendingPage({ page }: { page: RouteName }) {
  const { t } = useTranslation();
  const heading = t(`meta.${page}.title`, { brand: site.brandName }).split(' — ')[0];
  return (
    <div className="page container">
      <PageMeta page={page} />
      <h1>{heading}</h1>
      <p className="lead">{t(`meta.${page}.description`, { brand: site.brandName })}</p>
      <p>{t('pending.text')}</p>
    </div>
  );
}
