import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { isUnauthorized, resendEmail, withdrawProfile, type StaffOrder } from '../lib/staff-api';
import { useServices } from '../../../lib/services';
import { OrderHistory } from './order-history';

type StaffOrdersProps = {
  staffKey: string;
  orders: StaffOrder[];
  onChanged: (order: StaffOrder) => void;
  onReload: () => void;
  onUnauthorized: () => void;
};

type Notice = { text: string; ok: boolean } | null;

const hasProfile = (order: StaffOrder) =>
  order.deliveryState === 'assigned' || order.deliveryState === 'delivered';
/** An order still being ordered from the SM-DP+ can be withdrawn too (the order is stopped). */
const canWithdraw = (order: StaffOrder) =>
  hasProfile(order) || order.deliveryState === 'provisioning';

/**
 * The orders, newest first: a table on a wide screen, one card per order on a phone (the same
 * table, restyled). History shows the order's changes; Resend queues the email again; Withdraw
 * asks first, it cannot be undone.
 */
export function StaffOrders(props: StaffOrdersProps) {
  const { staffKey, orders, onChanged, onReload, onUnauthorized } = props;
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<StaffOrder | null>(null);
  const [history, setHistory] = useState<StaffOrder | null>(null);
  const none = t('orders.none');

  const act = async (order: StaffOrder, action: () => Promise<string>) => {
    setBusy(order.id);
    try {
      setNotice({ text: await action(), ok: true });
    } catch (error) {
      if (isUnauthorized(error)) {
        onUnauthorized();
        return;
      }
      const detail = error instanceof Error ? ` (${error.message})` : '';
      setNotice({ text: `${t('error')}${detail}`, ok: false });
    } finally {
      setBusy(null);
    }
  };

  const resend = (order: StaffOrder) =>
    act(order, async () => {
      await resendEmail(apiUrl, staffKey, order.id);
      onReload();
      return t('orders.resent', { order: order.number });
    });

  const withdraw = (order: StaffOrder) => {
    setConfirming(null);
    return act(order, async () => {
      onChanged(await withdrawProfile(apiUrl, staffKey, order.id));
      return t('orders.withdrawn', { order: order.number });
    });
  };

  return (
    <section className="staff-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('orders.heading')}</h2>
      <p
        className={notice ? `alert ${notice.ok ? 'alert--success' : 'alert--danger'}` : undefined}
        role="status"
      >
        {notice?.text}
      </p>
      {orders.length === 0 ? (
        <p>{t('orders.empty')}</p>
      ) : (
        <table className="staff-table staff-table--orders">
          <caption>{t('orders.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.number')}</th>
              <th scope="col">{t('orders.status')}</th>
              <th scope="col">{t('orders.delivery')}</th>
              <th scope="col">{t('orders.transaction')}</th>
              <th scope="col">{t('orders.iccid')}</th>
              <th scope="col">{t('orders.email')}</th>
              <th scope="col">{t('orders.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row" data-label={t('orders.number')}>
                  {order.number}
                </th>
                <td data-label={t('orders.status')}>{t(`states.${order.status}`)}</td>
                <td data-label={t('orders.delivery')}>
                  <span className={`staff-state staff-state--${order.deliveryState}`}>
                    {t(`states.${order.deliveryState}`)}
                  </span>
                  {order.profileSource === 'es2plus' && (
                    <span className="staff-table__detail">{t('provisioning.source')}</span>
                  )}
                  {order.installState && (
                    <span className="staff-table__detail" data-testid="install-state">
                      {t(`provisioning.install.${order.installState}`)}
                      {order.installStateAt !== null &&
                        order.installStateAt !== undefined &&
                        ` · ${formatDateTime(order.installStateAt, i18n.language)}`}
                    </span>
                  )}
                  {order.provisioningError && (
                    <span className="staff-table__error">
                      {t('provisioning.error', { error: order.provisioningError })}
                    </span>
                  )}
                </td>
                <td data-label={t('orders.transaction')} className="staff-table__code">
                  {order.transactionId ?? none}
                </td>
                <td data-label={t('orders.iccid')} className="staff-table__code">
                  {order.iccid ?? none}
                </td>
                <td data-label={t('orders.email')}>
                  {order.contactKind === 'email' ? (
                    <>
                      {t('orders.attempts', {
                        count: order.emailAttempts,
                        formatted: formatNumber(order.emailAttempts, i18n.language),
                      })}
                      {order.emailLastError && (
                        <span className="staff-table__error">
                          {t('orders.lastError', { error: order.emailLastError })}
                        </span>
                      )}
                    </>
                  ) : (
                    'Viber'
                  )}
                </td>
                <td data-label={t('orders.actions')}>
                  <div className="staff-table__actions">
                    <button
                      type="button"
                      className="button"
                      aria-label={t('history.openLabel', { order: order.number })}
                      onClick={() => setHistory(order)}
                    >
                      {t('history.open')}
                    </button>
                    {hasProfile(order) && order.contactKind === 'email' && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy === order.id}
                        aria-label={`${t('orders.resend')} ${order.number}`}
                        onClick={() => void resend(order)}
                      >
                        {t('orders.resend')}
                      </button>
                    )}
                    {canWithdraw(order) && (
                      <button
                        type="button"
                        className="button staff-table__danger"
                        disabled={busy === order.id}
                        aria-label={`${t('orders.withdraw')} ${order.number}`}
                        onClick={() => setConfirming(order)}
                      >
                        {t('orders.withdraw')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OrderHistory
        staffKey={staffKey}
        order={history}
        onClose={() => setHistory(null)}
        onUnauthorized={onUnauthorized}
      />
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        labelledBy={`${id}-confirm-heading`}
        describedBy={`${id}-confirm-text`}
      >
        {confirming && (
          <div className="modal__body">
            <h2 id={`${id}-confirm-heading`}>
              {t('confirm.heading', { order: confirming.number })}
            </h2>
            <p id={`${id}-confirm-text`}>{t('confirm.text')}</p>
            <div className="button-row">
              <button
                type="button"
                className="button"
                data-autofocus
                onClick={() => setConfirming(null)}
              >
                {t('confirm.cancel')}
              </button>
              <button
                type="button"
                className="button staff-table__danger"
                onClick={() => void withdraw(confirming)}
              >
                {t('confirm.confirm')}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}
