import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, type RouteName } from '#domain/paths';
import { site } from '../../config/site';
import { useServices } from '../../lib/services';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { LanguageToggle } from './language-toggle';
import './header.css';

const navItems: { route: RouteName; key: `nav.${string}` }[] = [
  { route: 'home', key: 'nav.home' },
  { route: 'buy', key: 'nav.buy' },
  { route: 'compatibility', key: 'nav.compatibility' },
  { route: 'howItWorks', key: 'nav.howItWorks' },
  { route: 'partners', key: 'nav.partners' },
  { route: 'blog', key: 'nav.blog' },
  { route: 'helpCenter', key: 'nav.helpCenter' },
  { route: 'contact', key: 'nav.contact' },
];

/** The help center's search parameter that brings Find my eSIMs into view. */
export const FIND_MY_ESIMS = 'find';

export function Header() {
  const { t } = useTranslation();
  const menuId = useId();
  const { pathname } = useLocation();
  // The page the menu was opened on. On another page it is closed: forgotten while rendering
  // (React's "adjust state when a prop changes"), so coming back does not open it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const menuOpen = openOn === pathname;
  // Find my eSIMs (issue #44): only where the shop's server can look orders up.
  const { apiUrl } = useServices();
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to={paths.home} className="brand">
          <span className="brand__mark" aria-hidden="true">
            e
          </span>
          <span className="brand__name">{site.brandName}</span>
        </Link>
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">
            {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </span>
        </button>
        <nav
          id={menuId}
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label={t('nav.label')}
        >
          <ul className="site-nav__list">
            {navItems.map(({ route, key }) => (
              <li key={route}>
                <NavLink
                  to={paths[route]}
                  end={route === 'home'}
                  className="site-nav__link"
                  onClick={() => setMenuOpen(false)}
                >
                  {t(key as 'nav.home')}
                </NavLink>
                {route === 'helpCenter' && apiUrl && (
                  // The help center's Find my eSIMs box, brought into view (not a page of its own); in the
                  // collapsed menu, below 1240 px (header.css).
                  <Link
                    to={`${paths.helpCenter}?${FIND_MY_ESIMS}`}
                    className="site-nav__link site-nav__link--menu-only"
                    onClick={() => setMenuOpen(false)}
                  >
                    {t('nav.findMyEsims')}
                  </Link>
                )}
              </li>
            ))}
            {site.downloadAppUrl && (
              <li>
                <a
                  className="site-nav__link site-nav__link--app"
                  href={site.downloadAppUrl}
                  onClick={() => setMenuOpen(false)}
                >
                  {t('nav.downloadApp')}
                </a>
              </li>
            )}
          </ul>
        </nav>
        <LanguageToggle />
      </div>
    </header>
  );
}
