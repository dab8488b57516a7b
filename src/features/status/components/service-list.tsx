import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { simulatedServiceIds } from '../lib/simulated-status';
import type { ServiceReport } from '../lib/status-report';

type KnownService = (typeof simulatedServiceIds)[number];
const isKnown = (id: string): id is KnownService =>
  (simulatedServiceIds as readonly string[]).includes(id);

type ServiceListProps = { services: readonly ServiceReport[]; language: string };

/** One card per service: name, state (colour, icon and word), message, response time, uptime. */
export function ServiceList({ services, language }: ServiceListProps) {
  const { t } = useTranslation('status');
  const number = (value: number) => formatNumber(value, language);
  return (
    <section aria-labelledby="status-services-heading">
      <h2 id="status-services-heading" className="status-services__heading">
        {t('servicesHeading')}
      </h2>
      <ul className="status-services">
        {services.map((service) => (
          <li key={service.id} className="card status-service" data-state={service.status}>
            <div className="status-service__head">
              <h3 className="status-service__name">
                {isKnown(service.id) ? t(`services.${service.id}`) : service.name}
              </h3>
              <span className={`status-pill status-pill--${service.status}`}>
                <span className="status-pill__dot" aria-hidden="true" />
                {t(`state.${service.status}`)}
              </span>
            </div>
            <p className="status-service__message">
              {service.message ?? t(`stateMessage.${service.status}`)}
            </p>
            {(service.latencyMs !== undefined || service.uptime !== undefined) && (
              <dl className="status-service__facts">
                {service.latencyMs !== undefined && (
                  <div>
                    <dt>{t('responseTime')}</dt>
                    <dd>{t('milliseconds', { value: number(service.latencyMs) })}</dd>
                  </div>
                )}
                {service.uptime !== undefined && (
                  <div>
                    <dt>{t('uptime')}</dt>
                    <dd>{t('percent', { value: number(service.uptime) })}</dd>
                  </div>
                )}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
