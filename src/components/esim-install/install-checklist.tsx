import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';

/**
 * "Install before you fly" (issue #42): what the buyer does at home on Wi-Fi, after paying and
 * before travelling. The phone's support comes from the compatibility checker, which reads this
 * phone when opened on it. Shown with the eSIM (result screen and order page, server mode) and on
 * the static-mode result screen; the email carries the same list (delivery-email.json).
 */
export function InstallChecklist({ Heading }: { Heading: 'h3' | 'h4' }) {
  const { t } = useTranslation('delivery');
  return (
    <section className="esim-checklist" aria-labelledby="esim-checklist-heading">
      <Heading id="esim-checklist-heading">{t('checklist.title')}</Heading>
      <p>{t('checklist.intro')}</p>
      <ol>
        <li>
          {t('checklist.items.phone')}{' '}
          <Link to={paths.compatibility}>{t('checklist.items.phoneLink')}</Link>
        </li>
        <li>{t('checklist.items.now')}</li>
        <li>{t('checklist.items.off')}</li>
        <li>{t('checklist.items.roaming')}</li>
        <li>
          <strong>{t('checklist.items.keep')}</strong>
        </li>
      </ol>
    </section>
  );
}
