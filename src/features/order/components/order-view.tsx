import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EsimDelivery } from '../../../components/esim-install';
import { detectInstallPlatform } from '../../../components/esim-install/install-platform';
import { findOperator } from '#domain/catalogue';
import { href, orderHref } from '#domain/paths';
import { site, telHref } from '../../../config/site';
import { usePlanName } from '../../../hooks/use-plan-name';
import { useRequest } from '../../../hooks/use-request';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { isLanguage, toLanguage } from '../../../lib/i18n/languages';
import { deliveryInProgress, readDelivery } from '../../../lib/delivery';
import { deliveryWait, startOrderWatch } from '../../../lib/order-watch';
import { keepPageForOffline } from '../../../lib/offline/register';
import { createQrMatrix } from '../../../lib/qr';
import { useServices } from '../../../lib/services';
import {
  allowOfflineCopy,
  forgetOfflineCopy,
  isForgotten,
  keepOfflineCopy,
  readOfflineCopy,
  type OfflineCopy,
} from '../lib/offline-copy';
import { failureKind, fetchBuyerOrder, type BuyerOrder } from '../lib/order-api';
import { FindMyEsims } from './find-my-esims';
import { RefundRequest } from './refund-request';
import { PaymentChoice } from '../../../components/payment-choice/payment-choice';
import { followOrder, rememberedOrderToken } from '../../../lib/provider-payment';
import {
  ForgetButton,
  OfflineCopyNote,
  SavedCopyBanner,
  type OfflineState,
} from './offline-copy-note';
import './order.css';

/**
 * The buyer's order, opened from the link in the email (`#/order/<id>?token=<token>`): the
 * order number and plan, and the eSIM (or the honest state of its delivery). The token goes only
 * to the shop's API, in a header; it is never logged.
 */
export function OrderView() {
  const { t, i18n } = useTranslation('delivery');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // Back from a payment provider's page, the address carries no token: it was kept here (#40).
  const token = search.get('token') ?? rememberedOrderToken(id) ?? '';
  const payment = search.get('payment');
  useLinkLanguage(search.get('lang'), i18n.language);
  const { apiUrl } = useServices();
  const configured = Boolean(apiUrl);
  const { state, run } = useRequest<BuyerOrder>({ whileBusy: 'replace' });
  // The last order shown stays on screen while a refresh runs (or fails).
  const [order, setOrder] = useState<BuyerOrder | null>(null);
  // Offline (issue #42): the copy kept on this device, shown when the server cannot be reached.
  const [saved, setSaved] = useState<OfflineCopy | null>(null);
  const [removed, setRemoved] = useState(false);
  const [offline, setOffline] = useState<OfflineState>({ kind: 'none' });
  const filesKept = useRef(false);

  // Each answer with an eSIM refreshes the copy on this device; the first also has the service
  // worker keep the files the page was drawn with (the QR's and the install path's included).
  const keep = useCallback(
    async (answer: BuyerOrder) => {
      const esim = answer.delivery?.esim;
      const copy = await keepOfflineCopy(answer, token);
      if (!esim || answer.delivery?.state === 'withdrawn') return setOffline({ kind: 'none' });
      if (isForgotten(answer.id)) return setOffline({ kind: 'forgotten' });
      if (!copy) return setOffline({ kind: 'unavailable' });
      if (!filesKept.current) {
        await Promise.all([
          createQrMatrix(esim.activationCode),
          detectInstallPlatform(navigator.userAgent),
        ]).catch(() => undefined);
        filesKept.current = await keepPageForOffline();
      }
      setOffline(
        filesKept.current ? { kind: 'kept', savedAt: copy.savedAt } : { kind: 'unavailable' },
      );
    },
    [token],
  );

  const load = useCallback(async () => {
    const outcome = await run((signal) => fetchBuyerOrder(apiUrl, id, token, signal));
    if (outcome.status === 'success') {
      setOrder(outcome.data);
      setSaved(null);
      void keep(outcome.data);
    } else if (outcome.status === 'error' && failureKind(outcome.error) === 'unreachable') {
      const copy = await readOfflineCopy(id, token);
      if (copy) setSaved(copy);
    }
  }, [apiUrl, id, token, run, keep]);

  // Back online with the saved copy on screen: the page asks the server again by itself.
  useEffect(() => {
    if (!saved) return;
    const retry = () => void load();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [saved, load]);

  const forget = () => {
    forgetOfflineCopy(id);
    filesKept.current = false;
    if (saved) {
      setSaved(null);
      setRemoved(true);
    } else setOffline({ kind: 'forgotten' });
  };
  const keepAgain = () => {
    allowOfflineCopy(id);
    if (order) void keep(order);
  };

  useEffect(() => {
    if (!configured || !token) return;
    // A tick later, so that StrictMode's mount, unmount and mount again start one request.
    const first = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(first);
  }, [configured, token, load]);

  // An order paid through a provider, or being paid: its changes come by the order's stream
  // (Server-Sent Events; asking every 1.5 s where it cannot be opened) until its eSIM is on it.
  const unpaid = order?.status === 'awaiting_payment';
  const following =
    configured && Boolean(token) && (unpaid || deliveryInProgress(order?.delivery)) && !!payment;
  useEffect(() => {
    if (!following) return;
    return followOrder(apiUrl, id, token, (next) => {
      setOrder((current) => ({
        ...(current ?? { contactKind: null }),
        id: next.id,
        number: next.number,
        planId: next.planId,
        operatorId: next.operatorId,
        status: next.status,
        contactKind: next.contactKind,
        delivery: readDelivery(next.delivery),
      }));
    });
  }, [following, apiUrl, id, token]);

  // Held for the bank, waiting for stock, being prepared or installed: the page asks again by
  // itself, through the one order watch the purchase flow uses too (lib/order-watch.ts).
  const wait = deliveryWait(order?.delivery);
  useEffect(() => {
    if (!wait) return;
    return startOrderWatch(wait, () => load());
  }, [wait, load]);

  if (!configured) return <OrderProblem text={t('order.staticMode')} />;
  if (!token) return <OrderProblem text={t('order.noToken')} findLinks />;
  if (!order && saved?.order.delivery) {
    // No connection: the copy kept on this device, said to be one, with the time it was saved.
    return (
      <div className="order-view" data-floating-clear="">
        <SavedCopyBanner savedAt={saved.savedAt} onRetry={() => void load()} />
        <EsimDelivery
          headingLevel={2}
          orderNumber={saved.order.number}
          delivery={saved.order.delivery}
          contactKind={saved.order.contactKind ?? undefined}
        />
        <OrderSummary order={saved.order} />
        <ShopContact />
        <div className="offline-note">
          <ForgetButton onForget={forget} />
        </div>
      </div>
    );
  }
  if (!order) {
    if (state.status === 'error') {
      const kind = failureKind(state.error);
      return (
        <OrderProblem
          text={t(kind === 'notFound' ? 'order.notFound' : 'order.unreachable')}
          onRetry={kind === 'unreachable' ? () => void load() : undefined}
          findLinks={kind === 'notFound'}
          removed={removed}
        />
      );
    }
    // The place the order will take, kept from the page's shell (decision 085): the footer stays
    // below the first screen until the order has come, so nothing shown moves when it does.
    return (
      <div className="order-view__loading">
        <p className="order-view__loading-line" role="status">
          <span className="spinner order-view__spinner" aria-hidden="true" />
          {t('order.loading')}
        </p>
      </div>
    );
  }

  return (
    // The floating buttons give way rather than cover the eSIM on a phone (issue #24).
    <div className="order-view" data-floating-clear="">
      {order.status === 'awaiting_payment' && payment && (
        <ProviderReturn orderId={order.id} token={token} payment={payment} />
      )}
      {order.status === 'awaiting_payment' && payment ? null : (order.delivery?.state ?? 'none') ===
          'none' &&
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
              reason: null,
              email: { state: 'not_applicable', attempts: 0 },
            }
          }
          orderLink={orderHref(order.id, token, toLanguage(i18n.language))}
          contactKind={order.contactKind ?? undefined}
        />
      )}
      <OfflineCopyNote state={offline} onForget={forget} onKeep={keepAgain} />
      {/* The order's details after its eSIM (issue #24). */}
      <OrderSummary order={order} />
      {/* A paid order may ask for a refund or a new eSIM (issue #41). */}
      {order.status === 'paid' && <RefundRequest orderId={order.id} token={token} />}
      <ShopContact />
    </div>
  );
}

function OrderSummary({ order }: { order: BuyerOrder }) {
  const { t } = useTranslation('delivery');
  const planName = usePlanName();
  return (
    <dl className="order-view__summary">
      <div>
        <dt>{t('order.number')}</dt>
        <dd data-testid="order-number">{order.number}</dd>
      </div>
      <div>
        <dt>{t('order.plan')}</dt>
        <dd>{planName(order.planId)}</dd>
      </div>
      <div>
        <dt>{t('order.operator')}</dt>
        <dd>{findOperator(order.operatorId)?.name ?? order.operatorId}</dd>
      </div>
    </dl>
  );
}

/** The shop's email and phone, on the order page and its saved copy (issue #42). */
function ShopContact() {
  const { t } = useTranslation('delivery');
  return (
    <p className="order-view__contact">
      {t('order.contact')} <a href={`mailto:${site.email}`}>{site.email}</a> ·{' '}
      <a href={telHref(site.phone)}>{site.phone}</a>
    </p>
  );
}

/**
 * Back from a provider's page with the order still unpaid: the card is being confirmed (the
 * notification is on its way), or it was declined or the page closed: the choice again.
 */
function ProviderReturn({
  orderId,
  token,
  payment,
}: {
  orderId: string;
  token: string;
  payment: string;
}) {
  const { t } = useTranslation('delivery');
  if (payment === 'returned' || payment === 'paid') {
    return (
      <p className="order-view__confirming" role="status" data-testid="payment-confirming">
        <span className="spinner order-view__spinner" aria-hidden="true" />
        {t('order.paymentConfirming')}
      </p>
    );
  }
  return (
    <PaymentChoice
      orderId={orderId}
      token={token}
      notice={
        <p className="alert alert--warning" role="alert" data-testid="payment-declined">
          {t('order.paymentDeclined')}
        </p>
      }
      fallback={
        <p>
          <a className="button" href={href('buy')}>
            {t('order.payAnotherWay')}
          </a>
        </p>
      }
    />
  );
}

/**
 * The link carries the buyer's language (`&lang=my`, issue #24): the page opens in it, in a mail
 * app or another browser where nothing is stored, and it stays the choice from then on.
 */
function useLinkLanguage(linked: string | null, current: string) {
  useEffect(() => {
    if (isLanguage(linked) && linked !== current) void changeLanguage(linked);
    // Only the link's language is applied, once: a later switch by the buyer stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);
}

function OrderProblem({
  text,
  onRetry,
  findLinks = false,
  removed = false,
}: {
  text: string;
  /** The saved copy was just forgotten on this device. */
  removed?: boolean;
  onRetry?: () => void;
  /** A link that finds no order: the buyer may ask for their links again. */
  findLinks?: boolean;
}) {
  const { t } = useTranslation('delivery');
  return (
    <div className="order-view">
      {removed && (
        <p className="alert alert--success" role="status">
          {t('offline.removed')}
        </p>
      )}
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
      {findLinks && <FindMyEsims />}
    </div>
  );
}
