import { useTranslation } from 'react-i18next';
import { useServices } from '../../lib/services';
import { useServerDemo } from '../../lib/server-ai-mode';
import './demo-banner.css';

/**
 * Announces demo mode on every page: one line on a phone, with what it means behind a
 * disclosure. A named landmark, so that nothing on the page sits outside the landmarks. In
 * server mode the shop's API says whether it runs its demo script (server-ai-mode.ts).
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const serverDemo = useServerDemo();
  if (useServices().ai.mode !== 'demo' && !serverDemo) return null;
  return (
    <aside className="demo-banner" aria-label={t('demo.label')} data-testid="demo-banner">
      <details className="demo-banner__details">
        <summary className="demo-banner__summary">
          <strong>{t('demo.short')}</strong>{' '}
          <span className="demo-banner__more">{t('demo.more')}</span>
        </summary>
        <p className="demo-banner__text">{t('demo.banner')}</p>
      </details>
    </aside>
  );
}
