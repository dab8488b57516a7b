import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../../lib/i18n/format';
import { useStatusPoll } from '../hooks/use-status-poll';
import { defaultStatusSource } from '../lib/status-source';
import type { StatusSource } from '../lib/status-report';
import { AiBudgetList } from './ai-budget-list';
import { ServiceList } from './service-list';
import { StatusBanner } from './status-banner';
import './status.css';

type StatusBoardProps = {
  /** Where the reports come from (default: VITE_STATUS_URL, else the simulated function). */
  source?: StatusSource;
};

/** The live system status: overall banner, each service, last-updated time; polls every 5 s. */
export function StatusBoard({ source = defaultStatusSource }: StatusBoardProps) {
  const { t, i18n } = useTranslation('status');
  const { report, loading, failed, paused, refresh } = useStatusPoll(source);

  if (loading) {
    return (
      <div className="status-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }

  return (
    <div className="status-board">
      {failed && (
        <div className="alert alert--danger status-error" role="alert">
          <h2 className="status-error__title">{t('failedTitle')}</h2>
          <p>{t('failedText')}</p>
          <button type="button" className="button" onClick={refresh}>
            {t('retry')}
          </button>
        </div>
      )}
      {report && (
        <>
          <StatusBanner state={report.overall} />
          <p className="status-updated">
            {t('lastUpdated')}{' '}
            <time dateTime={report.lastChecked.toISOString()}>
              {formatLongDate(report.lastChecked, i18n.language)},{' '}
              {formatTime(report.lastChecked, i18n.language)}
            </time>
          </p>
          <ServiceList
            services={report.services}
            language={i18n.language}
            demo={report.demo === true}
          />
          {report.aiBudgets && <AiBudgetList budgets={report.aiBudgets} language={i18n.language} />}
        </>
      )}
      <p className="muted status-refresh">{paused ? t('paused') : t('autoRefresh')}</p>
    </div>
  );
}
