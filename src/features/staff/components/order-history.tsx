import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { useServices } from '../../../lib/services';
import {
  fetchOrderEvents,
  isUnauthorized,
  type OrderEvent,
  type StaffOrder,
} from '../lib/staff-api';

type OrderHistoryProps = {
  staffKey: string;
  /** The order whose history is open; null: closed. */
  order: Pick<StaffOrder, 'id' | 'number'> | null;
  onClose: () => void;
  onUnauthorized: () => void;
};

type Loaded = { orderId: string; events: OrderEvent[] } | { orderId: string; error: string };

const BANK_EVENTS = new Set(['bankConfirmed', 'bankMismatch', 'bankSuspect']);

/**
 * An order's history (issue #39, decision 115): every change of its payment, delivery and bank
 * state, oldest first, with who made it, when, and on what evidence, in a dialog over the
 * orders table.
 */
export function OrderHistory({ staffKey, order, onClose, onUnauthorized }: OrderHistoryProps) {
  const { t, i18n } = useTranslation('staff');
  const { apiUrl } = useServices();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const orderId = order?.id;

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    fetchOrderEvents(apiUrl, staffKey, orderId, controller.signal).then(
      (events) => setLoaded({ orderId, events }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthorized(error)) {
          onUnauthorized();
          return;
        }
        const detail = error instanceof Error ? ` (${error.message})` : '';
        setLoaded({ orderId, error: `${t('error')}${detail}` });
      },
    );
    return () => controller.abort();
  }, [apiUrl, staffKey, orderId, onUnauthorized, t]);

  const current = loaded && loaded.orderId === orderId ? loaded : null;
  const state = (event: OrderEvent, value: string) =>
    BANK_EVENTS.has(event.event)
      ? t(`reconciliation.bankStates.${value}`, { defaultValue: value })
      : t(`states.${value}`, { defaultValue: value });
  const actor = (value: string) => {
    const [kind, ...rest] = value.split(':');
    const name = rest.join(':');
    return t(`history.actors.${kind}`, { name, defaultValue: value });
  };

  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      labelledBy={`${id}-heading`}
      describedBy={`${id}-lead`}
      className="staff-history"
    >
      {order && (
        <div className="modal__body">
          <h2 id={`${id}-heading`}>{t('history.heading', { order: order.number })}</h2>
          <p id={`${id}-lead`}>{t('history.lead')}</p>
          {!current ? (
            <p role="status">{t('history.loading')}</p>
          ) : 'error' in current ? (
            <p className="alert alert--danger" role="alert">
              {current.error}
            </p>
          ) : current.events.length === 0 ? (
            <p>{t('history.empty')}</p>
          ) : (
            <ol className="staff-history__list">
              {current.events.map((event) => (
                <li key={event.seq} className="staff-history__event">
                  <p className="staff-history__title">
                    <span className="staff-history__seq">
                      {formatNumber(event.seq, i18n.language)}
                    </span>
                    {t(`history.events.${event.event}`)}
                  </p>
                  <p className="staff-history__change">
                    {t('history.change', {
                      from: state(event, event.from),
                      to: state(event, event.to),
                    })}
                  </p>
                  <p className="staff-history__meta">
                    {t('history.by', { actor: actor(event.actor) })}
                    {' · '}
                    <time dateTime={new Date(event.at).toISOString()}>
                      {formatDateTime(event.at, i18n.language)}
                    </time>
                  </p>
                  {Object.keys(event.evidence).length > 0 && (
                    <dl className="staff-history__evidence" aria-label={t('history.evidence')}>
                      {Object.entries(event.evidence).map(([key, value]) => (
                        <div key={key}>
                          <dt>{key}</dt>
                          <dd>{String(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </li>
              ))}
            </ol>
          )}
          <div className="button-row">
            <button type="button" className="button" data-autofocus onClick={onClose}>
              {t('history.close')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
