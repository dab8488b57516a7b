import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { ContactOptions } from '../features/support/components/contact-options';

export function ContactPage() {
  const { t } = useTranslation('support');
  return (
    <div className="page container">
      <PageMeta page="contact" />
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <ContactOptions />
    </div>
  );
}
