import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { paths } from '#domain/paths';

export function CreatePage() {
  const { t } = useTranslation('dev');
  return (
    <div className="page container">
      <PageMeta page="create" />
      <h1>{t('create.title')}</h1>
      <div className="alert alert--warning">
        <strong>{t('create.badge')}</strong>
        <p>{t('create.text')}</p>
      </div>
      <p className="create-page__meanwhile">{t('create.meanwhile')}</p>
      <div className="button-row">
        <Link to={paths.imageGeneration} className="button">
          {t('create.image')}
        </Link>
        <Link to={paths.videoGeneration} className="button">
          {t('create.video')}
        </Link>
        <Link to={paths.home} className="button button--primary">
          {t('create.home')}
        </Link>
      </div>
    </div>
  );
}
