import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { paths } from '#domain/paths';
import { InstallGuide, InstallNotes } from '../features/guides/components/install-guide';

export function HowItWorksPage() {
  const { t } = useTranslation('guide');
  return (
    <div className="page container">
      <PageMeta page="howItWorks" />
      <h1>{t('howItWorks.title')}</h1>
      <p className="lead">{t('howItWorks.lead')}</p>
      <InstallGuide />
      <InstallNotes />
      <div className="page-cta">
        <p>{t('howItWorks.help')}</p>
        <div className="button-row">
          <Link to={paths.helpCenter} className="button">
            {t('howItWorks.helpLink')}
          </Link>
          <Link to={paths.buy} className="button button--primary">
            {t('howItWorks.buy')}
          </Link>
        </div>
      </div>
    </div>
  );
}
