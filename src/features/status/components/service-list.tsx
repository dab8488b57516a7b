import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { serverServiceIds } from '../lib/remote-status';
import { simulatedServiceIds } from '../lib/simulated-status';
import type { ServiceReport } from '../lib/status-report';

type ServerService = (typeof serverServiceIds)[number];
type KnownService = (typeof simulatedServiceIds)[number] | ServerService;
const isServer = (id: string): id is ServerService =>
  (serverServiceIds as readonly string[]).includes(id);
const isKnown = (id: string): id is KnownService =>
  isServer(id) || (simulatedServiceIds as readonly string[]).includes(id);

type ServiceListProps = {
  services: readonly ServiceReport[];
  language: string;
  /** The shop's server runs its demo script: its AI service is a demo, not "operational". */
  demo?: boolean;
};

/**
 * One card per service: name, state (colour, icon and word), message, response time, uptime.
 * The shop's own server's services are named and described by the page (its English messages
 * are for operators); other known ids get the page's name and the source's message.
 */
export function ServiceList({ services, language, demo = false }: ServiceListProps) {
  const { t } = useTranslation('status');
  const number = (value: number) => formatNumber(value, language);
  return (
    <section aria-labelledby="status-services-heading">
      <h2 id="status-services-heading" className="status-services__heading">
        {t('servicesHeading')}
      </h2>
      <ul className="status-services">
        {services.map((service) => {
          const demoAi = demo && service.id === 'ai' && service.status === 'operational';
          return (
            <li key={service.id} className="card status-service" data-state={service.status}>
              <div className="status-service__head">
                <h3 className="status-service__name">
                  {demoAi
                    ? t('demo.name')
                    : isKnown(service.id)
                      ? t(`services.${service.id}`)
                      : service.name}
                </h3>
                <span className={`status-pill status-pill--${service.status}`}>
                  <span className="status-pill__dot" aria-hidden="true" />
                  {demoAi ? t('demo.state') : t(`state.${service.status}`)}
                </span>
              </div>
              <p className="status-service__message">
                {demoAi
                  ? t('demo.message')
                  : isServer(service.id)
                    ? t(`serviceMessage.${service.id}.${service.status}`)
                    : (service.message ?? t(`stateMessage.${service.status}`))}
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
          );
        })}
      </ul>
    </section>
  );
}
