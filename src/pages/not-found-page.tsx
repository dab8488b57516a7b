import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { paths } from '#domain/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page container not-found">
      <PageMeta page="notFound" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <div className="button-row">
        <Link className="button button--primary" to={paths.home}>
          {t('notFound.home')}
        </Link>
        <Link className="button" to={paths.buy}>
          {t('notFound.buy')}
        </Link>
      </div>
    </div>
  );
}
