import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { site, socialLinks, telHref, viberChatHref } from '../../../config/site';

/** Direct email, phone and Viber links, and the social networks (each in a new tab). */
export function DirectContact() {
  const { t } = useTranslation('support');
  const { t: tCommon } = useTranslation();
  const headingId = useId();
  const socialId = useId();

  return (
    <section className="card support-direct" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('direct.title')}</h2>
      <dl className="support-direct__list">
        <div>
          <dt>{t('direct.email')}</dt>
          <dd>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('direct.phone')}</dt>
          <dd>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('direct.viber')}</dt>
          <dd>
            <a href={viberChatHref()}>{t('direct.viberLink')}</a>
          </dd>
        </div>
      </dl>
      {socialLinks.length > 0 && (
        <>
          <h3 id={socialId} className="support-direct__social-title">
            {t('direct.social')}
          </h3>
          <ul className="support-direct__social" aria-labelledby={socialId}>
            {socialLinks.map(({ network, url }) => (
              <li key={network}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {tCommon(`social.${network}`)}
                  <span className="visually-hidden"> {t('direct.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
