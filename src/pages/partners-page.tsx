import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { paths } from '#domain/paths';
import { PartnerGroups } from '../features/guides/components/partner-groups';

export function PartnersPage() {
  const { t } = useTranslation('partners');
  return (
    <div className="page container">
      <PageMeta page="partners" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <PartnerGroups />
      <section className="card page-cta" aria-labelledby="partners-cta">
        <h2 id="partners-cta">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className="button-row">
          <Link to={paths.buy} className="button button--primary">
            {t('cta.button')}
          </Link>
        </div>
      </section>
    </div>
  );
}
