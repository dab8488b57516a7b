import { useTranslation } from 'react-i18next';
import { findOperator, findPlan } from '#domain/catalogue';
import { formatNumber } from '../../../lib/i18n/format';
import type { StockReport } from '../lib/staff-api';

const columns = ['inStock', 'assigned', 'delivered', 'withdrawn'] as const;

/** Profiles per operator and plan, and how many paid orders wait for one. */
export function StockTable({ report }: { report: StockReport }) {
  const { t, i18n } = useTranslation('staff');
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <section className="staff-section" aria-labelledby="staff-stock-heading">
      <h2 id="staff-stock-heading">{t('stock.heading')}</h2>
      <p className={report.waitingOrders > 0 ? 'alert alert--warning' : ''}>
        {t('stock.waiting', { formatted: number(report.waitingOrders) })}
      </p>
      {report.sources.length > 0 && (
        <>
          <h3>{t('provisioning.sourcesHeading')}</h3>
          <ul className="staff-sources">
            {report.sources.map((line) => (
              <li key={line.operatorId} data-testid={`source-${line.operatorId}`}>
                <strong>{findOperator(line.operatorId)?.name ?? line.operatorId}</strong>{' '}
                {line.source === 'es2plus'
                  ? t('provisioning.fromSmdp', {
                      host: line.smdpHost ?? '',
                      plans: line.plans.map((plan) => findPlan(plan)?.name ?? plan).join(', '),
                    })
                  : t('provisioning.fromStock')}
              </li>
            ))}
          </ul>
        </>
      )}
      {report.stock.length === 0 ? (
        <p>{t('stock.empty')}</p>
      ) : (
        <table className="staff-table staff-table--stock">
          <caption>{t('stock.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stock.operator')}</th>
              <th scope="col">{t('stock.plan')}</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {t(`stock.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.stock.map((line) => (
              <tr key={`${line.operatorId}/${line.planId}`}>
                <th scope="row" data-label={t('stock.operator')}>
                  {findOperator(line.operatorId)?.name ?? line.operatorId}
                </th>
                <td data-label={t('stock.plan')}>{findPlan(line.planId)?.name ?? line.planId}</td>
                {columns.map((column) => (
                  <td key={column} data-label={t(`stock.${column}`)}>
                    {number(line[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
