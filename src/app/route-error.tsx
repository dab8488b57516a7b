import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';
import { RefreshButton } from '../components/ui/refresh-button';

/** The fallback for an error thrown while rendering a route. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page container route-error" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p>{t('errorBoundary.text')}</p>
      <div className="button-row">
        <RefreshButton />
        <Link className="button" to={paths.home}>
          {t('routeError.home')}
        </Link>
      </div>
    </div>
  );
}
