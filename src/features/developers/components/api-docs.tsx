import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { site } from '../../../config/site';
import { buildEndpoints } from '../api/endpoints';
import { AccessBadge, MethodBadge, OursBadge } from './access-badge';
import { EndpointSection } from './endpoint-section';
import '../developers.css';
import { ColumnHeaders } from './column-headers';

/** The /developers page: basics, authentication, an overview and every endpoint, read from the
 * OpenAPI document generated from the server's routes. */
export function ApiDocs() {
  const { t } = useTranslation('dev');
  const endpoints = useMemo(() => buildEndpoints(), []);
  const [requestBefore, requestAfter = ''] = t('developers.auth.request', {
    email: site.email,
  }).split(site.email);
  return (
    <div className="page container dev-page">
      <PageMeta page="developers" />
      <header className="dev-page__header">
        <h1>{t('developers.title')}</h1>
        <p className="lead">{t('developers.intro')}</p>
      </header>

      <section className="card dev-page__intro-card" aria-labelledby="api-basics">
        <h2 id="api-basics">{t('developers.basics.title')}</h2>
        <p>{t('developers.basics.baseUrl')}</p>
        <p>{t('developers.basics.format')}</p>
        <p>{t('developers.basics.types')}</p>
        <p>{t('developers.basics.errors')}</p>
      </section>

      <section className="card dev-page__intro-card" aria-labelledby="api-auth">
        <h2 id="api-auth">{t('developers.auth.title')}</h2>
        <p>{t('developers.auth.text')}</p>
        <ul>
          <li>
            {t('developers.auth.header')} <code>x-api-key: YOUR_API_KEY</code>
          </li>
          <li>
            {t('developers.auth.bearer')} <code>Authorization: Bearer YOUR_API_KEY</code>
          </li>
        </ul>
        <p>{t('developers.auth.unauthorized')}</p>
        <p>{t('developers.auth.keep')}</p>
        <p>
          {requestBefore}
          <a href={`mailto:${site.email}`}>{site.email}</a>
          {requestAfter}
        </p>
      </section>

      {/* Not a named section: the table's scroll region below carries the heading's name, and
          two landmarks must not share one. */}
      <section className="dev-page__overview">
        <h2 id="api-overview">{t('developers.overview.title')}</h2>
        <div className="api-table-wrap" tabIndex={0} role="region" aria-labelledby="api-overview">
          {/* Explicit roles, as in ColumnHeaders: the rows are stacked on a phone. */}
          <table className="api-table api-table--endpoints" role="table">
            <ColumnHeaders
              labels={[
                t('developers.overview.method'),
                t('developers.overview.path'),
                t('developers.overview.purpose'),
                t('developers.overview.access'),
              ]}
            />
            <tbody role="rowgroup">
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id} role="row">
                  <td role="cell" className="api-table__method">
                    <MethodBadge method={endpoint.method} />
                  </td>
                  <th scope="row" role="rowheader" className="api-table__path">
                    <code>{endpoint.path}</code>
                  </th>
                  <td role="cell" className="api-table__purpose">
                    {t(`developers.endpoints.${endpoint.id}.summary`, {
                      defaultValue: endpoint.summary ?? '',
                    })}
                  </td>
                  <td role="cell" className="api-table__access">
                    <AccessBadge access={endpoint.access} />
                    {endpoint.ours ? <OursBadge /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {endpoints.map((endpoint) => (
        <EndpointSection key={endpoint.id} endpoint={endpoint} />
      ))}
    </div>
  );
}
