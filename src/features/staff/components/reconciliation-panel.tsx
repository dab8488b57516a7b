import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../hooks/use-request';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import {
  confirmPayment,
  fetchReconciliation,
  isUnauthorized,
  type BankState,
  type Reconciliation,
} from '../lib/staff-api';
import { RejectPaymentDialog } from './reject-payment-dialog';
import { StatementImport } from './statement-import';
import { useServices } from '../../../lib/services';

type Row = Reconciliation['orders'][number];
type ReconciliationPanelProps = { staffKey: string; onUnauthorized: () => void };

const countOrder = ['suspect', 'mismatch', 'unconfirmed', 'confirmed', 'unmatched'] as const;
/** Orders staff may still confirm or reject: not bank-confirmed, not already withdrawn. */
const reviewable = (row: Row) => row.bankState !== 'confirmed' && row.deliveryState !== 'withdrawn';
/** Needing a look first: suspect and mismatch, then held, then the rest. */
const rank = (row: Row) =>
  row.bankState === 'suspect' || row.bankState === 'mismatch'
    ? 0
    : row.deliveryState === 'held'
      ? 1
      : 2;

/**
 * The bank reconciliation tab (issue #23 item 3): each paid order's bank state, the statement
 * import, confirm or reject a held or suspect payment, and the bank's payments that paid no order.
 */
export function ReconciliationPanel({ staffKey, onUnauthorized }: ReconciliationPanelProps) {
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const { state, run } = useRequest<Reconciliation>({ whileBusy: 'replace' });
  const [report, setReport] = useState<Reconciliation | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const number = (value: number) => formatNumber(value, i18n.language);

  const load = useCallback(async () => {
    const outcome = await run((signal) => fetchReconciliation(apiUrl, staffKey, signal));
    if (outcome.status === 'success') setReport(outcome.data);
    else if (outcome.status === 'error' && isUnauthorized(outcome.error)) onUnauthorized();
  }, [run, apiUrl, staffKey, onUnauthorized]);

  useEffect(() => {
    const first = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(first);
  }, [load]);

  const confirm = async (row: Row) => {
    try {
      await confirmPayment(apiUrl, staffKey, row.orderId);
      setNotice({ text: t('reconciliation.confirmed', { order: row.orderNumber }), ok: true });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setNotice({ text: t('error'), ok: false });
    }
    await load();
  };

  const rows = [...(report?.orders ?? [])].sort((a, b) => rank(a) - rank(b));
  const bank = (value: BankState) => t(`reconciliation.bankStates.${value}`);

  return (
    <div className="staff-reconciliation">
      <section className="staff-section" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{t('reconciliation.heading')}</h2>
        <p>{t('reconciliation.lead')}</p>
        {state.status === 'error' && !isUnauthorized(state.error) && (
          <p className="alert alert--danger" role="alert">
            {t('error')}
          </p>
        )}
        {report && (
          <dl className="staff-counts">
            {countOrder.map((key) => (
              <div key={key} className={`staff-counts__item staff-counts__item--${key}`}>
                <dt>{t(`reconciliation.counts.${key}`)}</dt>
                <dd>{number(report.counts[key])}</dd>
              </div>
            ))}
          </dl>
        )}
        <p
          className={notice ? `alert ${notice.ok ? 'alert--success' : 'alert--danger'}` : undefined}
          role="status"
        >
          {notice?.text}
        </p>
        {report && rows.length === 0 && <p>{t('reconciliation.empty')}</p>}
        {rows.length > 0 && (
          <table className="staff-table staff-table--bank">
            <caption>{t('reconciliation.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.transaction')}</th>
                <th scope="col">{t('reconciliation.bank')}</th>
                <th scope="col">{t('orders.delivery')}</th>
                <th scope="col">{t('orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.orderId}>
                  <th scope="row" data-label={t('orders.number')}>
                    {row.orderNumber}
                  </th>
                  <td data-label={t('orders.transaction')} className="staff-table__code">
                    {row.transactionId ?? t('orders.none')}
                  </td>
                  <td data-label={t('reconciliation.bank')}>
                    <span className={`staff-bank staff-bank--${row.bankState}`}>
                      {bank(row.bankState)}
                    </span>
                  </td>
                  <td data-label={t('orders.delivery')}>
                    <span className={`staff-state staff-state--${row.deliveryState}`}>
                      {t(`states.${row.deliveryState}`)}
                    </span>
                  </td>
                  <td data-label={t('orders.actions')}>
                    {reviewable(row) && (
                      <div className="staff-table__actions">
                        <button
                          type="button"
                          className="button"
                          aria-label={`${t('reconciliation.confirm')} ${row.orderNumber}`}
                          onClick={() => void confirm(row)}
                        >
                          {t('reconciliation.confirm')}
                        </button>
                        <button
                          type="button"
                          className="button staff-table__danger"
                          aria-label={`${t('reconciliation.reject')} ${row.orderNumber}`}
                          onClick={() => setRejecting(row)}
                        >
                          {t('reconciliation.reject')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <StatementImport
        staffKey={staffKey}
        onImported={() => void load()}
        onUnauthorized={onUnauthorized}
      />
      {report && (
        <section className="staff-section" aria-labelledby={`${id}-unmatched`}>
          <h2 id={`${id}-unmatched`}>{t('reconciliation.unmatchedHeading')}</h2>
          {report.unmatched.length === 0 ? (
            <p>{t('reconciliation.unmatchedEmpty')}</p>
          ) : (
            <table className="staff-table staff-table--unmatched">
              <caption>{t('reconciliation.unmatchedCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('reconciliation.source')}</th>
                  <th scope="col">{t('orders.transaction')}</th>
                  <th scope="col">{t('reconciliation.amount')}</th>
                  <th scope="col">{t('reconciliation.paidAt')}</th>
                  <th scope="col">{t('reconciliation.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {report.unmatched.map((line) => (
                  <tr key={`${line.source}:${line.transactionId}:${line.paidAt}`}>
                    <th scope="row" data-label={t('reconciliation.source')}>
                      {line.line === null
                        ? t('reconciliation.fromNotification')
                        : t('reconciliation.fromLine', { line: number(line.line) })}
                    </th>
                    <td data-label={t('orders.transaction')} className="staff-table__code">
                      {line.transactionId}
                    </td>
                    <td data-label={t('reconciliation.amount')}>
                      {t('reconciliation.kyat', { amount: number(line.amount) })}
                    </td>
                    <td data-label={t('reconciliation.paidAt')}>
                      {formatDateTime(line.paidAt, i18n.language)}
                    </td>
                    <td data-label={t('reconciliation.reference')}>
                      {line.reference ?? t('orders.none')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      <RejectPaymentDialog
        staffKey={staffKey}
        order={rejecting}
        onClose={() => setRejecting(null)}
        onDone={(orderNumber) => {
          setRejecting(null);
          setNotice({ text: t('reconciliation.rejected', { order: orderNumber }), ok: true });
          void load();
        }}
        onUnauthorized={onUnauthorized}
      />
    </div>
  );
}
