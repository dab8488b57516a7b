import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, type RouteName } from '#domain/paths';
import { site, socialLinks, telHref } from '../../config/site';
import './footer.css';

type Links = readonly { route: RouteName; key: `footer.${string}` }[];

const learnMore = [
  { route: 'about', key: 'footer.about' },
  { route: 'partners', key: 'footer.partners' },
  { route: 'blog', key: 'footer.blog' },
  { route: 'contact', key: 'footer.contact' },
  { route: 'helpCenter', key: 'footer.helpCenter' },
  { route: 'howItWorks', key: 'footer.howItWorks' },
] as const satisfies Links;

const legal = [
  { route: 'privacy', key: 'footer.privacy' },
  { route: 'terms', key: 'footer.terms' },
  { route: 'refund', key: 'footer.refund' },
] as const satisfies Links;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__heading">
            {site.brandName}
          </h2>
          <p className="site-footer__description">{t('footer.description')}</p>
        </section>
        <nav aria-labelledby="footer-learn">
          <h2 id="footer-learn" className="site-footer__heading">
            {t('footer.learnMore')}
          </h2>
          <ul className="link-list">
            {learnMore.map(({ route, key }) => (
              <li key={route}>
                <Link to={paths[route]}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {t('footer.legal')}
          </h2>
          <ul className="link-list">
            {legal.map(({ route, key }) => (
              <li key={route}>
                <Link to={paths[route]}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contactUs')}
          </h2>
          <ul className="link-list">
            <li>
              <a href={`mailto:${site.email}`}>{t('footer.emailLabel', { email: site.email })}</a>
            </li>
            <li>
              <a href={telHref(site.phone)}>{t('footer.phoneLabel', { phone: site.phone })}</a>
            </li>
          </ul>
          {socialLinks.length > 0 && (
            <>
              <h2 className="site-footer__heading site-footer__heading--follow">
                {t('footer.follow')}
              </h2>
              <ul className="social-list">
                {socialLinks.map(({ network, url }) => (
                  <li key={network}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {t(`social.${network}`)}
                      <span className="visually-hidden"> {t('footer.opensInNewTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <p className="site-footer__rights container">
        {t('footer.rights', { year, brand: site.brandName })}
      </p>
    </footer>
  );
}
