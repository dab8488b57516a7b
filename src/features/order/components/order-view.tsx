import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EsimDelivery } from '../../../components/esim-install';
import { findOperator, findPlan } from '../../../config/catalogue';
import { orderHref } from '../../../config/paths';
import { site, telHref } from '../../../config/site';
import { useRequest } from '../../../hooks/use-request';
import { shopServerUrl } from '../../../lib/shop-server';
import { failureKind, fetchBuyerOrder, type BuyerOrder } from '../lib/order-api';
import './order.css';

/** While the eSIM waits for stock, the page asks again this often (staff may import any time). */
export const WAITING_REFRESH_MS = 60_000;

/**
 * The buyer's order, opened from the link in the email (`#/order/<id>?token=<token>`): the
 * order number and plan, and the eSIM (or the honest state of its delivery). The token goes only
 * to the shop's API, in a header; it is never logged.
 */
export function OrderView() {
  const { t } = useTranslation('delivery');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const configured = Boolean(shopServerUrl());
  const { state, run } = useRequest<BuyerOrder>({ whileBusy: 'replace' });
  // The last order shown stays on screen while a refresh runs (or fails).
  const [order, setOrder] = useState<BuyerOrder | null>(null);

  const load = useCallback(async () => {
    const outcome = await run((signal) => fetchBuyerOrder(id, token, signal));
    if (outcome.status === 'success') setOrder(outcome.data);
  }, [id, token, run]);

  useEffect(() => {
    if (!configured || !token) return;
    // A tick later, so that StrictMode's mount, unmount and mount again start one request.
    const first = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(first);
  }, [configured, token, load]);

  const waiting = order?.delivery?.state === 'waiting_for_stock';
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void load(), WAITING_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [waiting, load]);

  if (!configured) return <OrderProblem text={t('order.staticMode')} />;
  if (!token) return <OrderProblem text={t('order.noToken')} />;
  if (!order) {
    if (state.status === 'error') {
      const kind = failureKind(state.error);
      return (
        <OrderProblem
          text={t(kind === 'notFound' ? 'order.notFound' : 'order.unreachable')}
          onRetry={kind === 'unreachable' ? () => void load() : undefined}
        />
      );
    }
    return (
      <p className="order-view__loading" role="status">
        {t('order.loading')}
      </p>
    );
  }

  return (
    // The floating buttons give way rather than cover the eSIM on a phone (issue #24).
    <div className="order-view" data-floating-clear="">
      {(order.delivery?.state ?? 'none') === 'none' &&
      (order.status === 'expired' || order.status === 'cancelled') ? (
        <p className="alert alert--warning">{t('order.expired')}</p>
      ) : (
        <EsimDelivery
          headingLevel={2}
          orderNumber={order.number}
          delivery={
            order.delivery ?? {
              state: 'none',
              esim: null,
              promisedBy: null,
              email: { state: 'not_applicable', attempts: 0 },
            }
          }
          orderLink={orderHref(order.id, token)}
          contactKind={order.contactKind ?? undefined}
        />
      )}
      {/* The order's details after its eSIM (issue #24). */}
      <dl className="order-view__summary">
        <div>
          <dt>{t('order.number')}</dt>
          <dd data-testid="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>{t('order.plan')}</dt>
          <dd>{findPlan(order.planId)?.name ?? order.planId}</dd>
        </div>
        <div>
          <dt>{t('order.operator')}</dt>
          <dd>{findOperator(order.operatorId)?.name ?? order.operatorId}</dd>
        </div>
      </dl>
    </div>
  );
}

function OrderProblem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation('delivery');
  return (
    <div className="order-view">
      <p className="alert alert--warning" role="alert">
        {text}
      </p>
      <p>
        {t('order.contact')} <a href={`mailto:${site.email}`}>{site.email}</a> ·{' '}
        <a href={telHref(site.phone)}>{site.phone}</a>
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('order.retry')}
        </button>
      )}
    </div>
  );
}
