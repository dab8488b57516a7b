import { useTranslation } from 'react-i18next';
import { useServices } from '../../lib/services';
import { useServerDemo } from '../../lib/server-ai-mode';
import { useTestPayments } from '../../lib/test-payments';
import './demo-banner.css';

/**
 * Announces demo mode on every page: one line on a phone, with what it means behind a
 * disclosure. A named landmark, so that nothing on the page sits outside the landmarks. In
 * server mode the shop's API says whether it runs its demo script (server-ai-mode.ts) and
 * whether its card and KBZPay payments go to the test fakes (test-payments.ts, decision 130):
 * then the banner names those test pages.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const serverDemo = useServerDemo();
  const testPayments = useTestPayments();
  const aiDemo = useServices().ai.mode === 'demo' || serverDemo;
  if (!aiDemo && !testPayments) return null;
  const text = !testPayments
    ? t('demo.banner')
    : aiDemo
      ? t('demo.bannerTestPayments')
      : t('demo.testPaymentsOnly');
  return (
    <aside className="demo-banner" aria-label={t('demo.label')} data-testid="demo-banner">
      <details className="demo-banner__details">
        <summary className="demo-banner__summary">
          <strong>{aiDemo ? t('demo.short') : t('demo.shortTestPayments')}</strong>{' '}
          <span className="demo-banner__more">{t('demo.more')}</span>
        </summary>
        <p className="demo-banner__text">{text}</p>
      </details>
    </aside>
  );
}
