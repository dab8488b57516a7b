import { useTranslation } from 'react-i18next';
import type { ServiceState } from '../lib/status-report';

const icons: Record<ServiceState, string> = { operational: '✓', degraded: '!', outage: '✕' };

/** The overall banner in its state's colour, with SPEC §4's three texts. */
export function StatusBanner({ state }: { state: ServiceState }) {
  const { t } = useTranslation('status');
  return (
    <div className={`status-banner status-banner--${state}`} role="status" data-state={state}>
      <span className="status-banner__icon" aria-hidden="true">
        {icons[state]}
      </span>
      <div>
        <h2 className="status-banner__title">{t(`overall.${state}`)}</h2>
        <p className="status-banner__text">{t(`overallText.${state}`)}</p>
      </div>
    </div>
  );
}
