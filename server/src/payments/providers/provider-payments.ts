import { findPlan } from '#domain/catalogue';
import type { OrderRow, ProviderPaymentRow } from '../../db/schema';
import type { z } from '@hono/zod-openapi';
import type { Deps } from '../../deps';
import type { PaymentMethodSchema } from '../../orders/schemas';
import { ApiError } from '../../platform/errors';
import { orderEventsOf } from '../../platform/order-events';
import { safeError } from '../../platform/log-safe';
import { effectiveStatus, readOrder } from '../../orders/orders';
import {
  claimProviderPayment,
  insertProviderPayment,
  latestProviderPaymentOf,
  providerPaymentByInvoice,
  updateProviderPayment,
} from '../queries';
import type { PaymentProvider, ProviderReport, StartedPayment } from './provider';
import { isTestProvider, type ProviderId } from './provider-config';
import { KbzPayProvider, type KbzPayRefundTransport } from './kbzpay';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tlsFetch } from '../../provisioning/es2plus-tls';
import type { KbzPayRefundConfig } from './provider-config';
import { TwoC2PProvider } from './twoc2p';
import { settleProviderPayment } from './settle';

/**
 * Payments confirmed by a provider (issue #40, decision 117): starting one for an order, taking
 * the provider's notification, and asking the provider before an order is paid.
 *
 * Each start is one invoice (`provider_payments`, migration 010) in the merchant account's
 * currency. A notification pays only when its signature holds, it names our merchant and an
 * invoice we started, with that invoice's amount and currency and a success code, AND the
 * provider's inquiry (2C2P paymentInquiry, KBZPay queryorder) says the same. One invoice is
 * claimed once (a conditional UPDATE: twenty copies of one notification pay once), and one
 * provider transaction pays one order (a unique index).
 */

export type Providers = Map<ProviderId, PaymentProvider>;

/**
 * KBZPay's refund transport: node:https with the merchant's client certificate (and KBZPay's CA
 * when given), the files read once; a file that cannot be read stops the start, naming its
 * variable (as ES2+'s certificates, whose `fetch` over an agent this shares).
 */
export function kbzPayRefundTransport(config: KbzPayRefundConfig): KbzPayRefundTransport {
  const read = (path: string, variable: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new Error(
        `${variable}: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
  const agent = new Agent({
    cert: read(config.certFile, 'KBZPAY_CLIENT_CERT'),
    key: read(config.keyFile, 'KBZPAY_CLIENT_KEY'),
    ...(config.caFile ? { ca: read(config.caFile, 'KBZPAY_CLIENT_CA') } : {}),
    keepAlive: true,
  });
  return { url: config.url, fetch: tlsFetch(agent) };
}

/** The providers PAYMENT_METHODS switches on, each with its settings. */
export function createProviders(deps: Deps): Providers {
  const { payments } = deps.config;
  const fetcher = deps.providerFetch ?? fetch;
  const providers: Providers = new Map();
  for (const method of payments.methods) {
    if (method === '2c2p' && payments.twoC2P) {
      providers.set(method, new TwoC2PProvider(payments.twoC2P, fetcher, payments.timeoutMs));
    }
    if (method === 'kbzpay' && payments.kbzPay) {
      providers.set(
        method,
        new KbzPayProvider(
          payments.kbzPay,
          fetcher,
          payments.timeoutMs,
          {
            now: deps.now,
            nonce: () =>
              Array.from(deps.randomBytes(16), (byte) => byte.toString(16).padStart(2, '0')).join(
                '',
              ),
          },
          payments.kbzPay.refund && kbzPayRefundTransport(payments.kbzPay.refund),
        ),
      );
    }
  }
  return providers;
}

/** One way to pay an order, as the order's answer lists it (`paymentMethods`). */
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** What the order costs in `currency`: MMK, its price of record; USD, the plan's owner-set price. */
export function amountIn(order: Pick<OrderRow, 'planId' | 'price'>, currency: 'MMK' | 'USD') {
  if (currency === 'MMK') return order.price;
  const plan = findPlan(order.planId);
  return plan?.priceUsdCents ?? null;
}

/** The ways to pay this order on this server: the providers switched on, then the shop's MMQR. */
export function paymentMethodsOf(
  config: Deps['config'],
  order: Pick<OrderRow, 'planId' | 'price'>,
): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  for (const id of config.payments.methods) {
    if (id === '2c2p' && config.payments.twoC2P) {
      const currency = config.payments.twoC2P.currency;
      const amount = amountIn(order, currency);
      if (amount === null) continue;
      const accepts = ['visa', 'mastercard', 'jcb', 'unionpay', 'mpu'];
      const test = isTestProvider(config.payments, id);
      methods.push({ id, kind: 'card', currency, amount, accepts, providerConfirmed: true, test });
    }
    if (id === 'kbzpay' && config.payments.kbzPay) {
      methods.push({
        id,
        kind: 'wallet',
        currency: 'MMK',
        amount: order.price,
        accepts: ['kbzpay', 'mmqr'],
        providerConfirmed: true,
        test: isTestProvider(config.payments, id),
      });
    }
  }
  methods.push({
    id: 'mmqr',
    kind: 'wallet',
    currency: 'MMK',
    amount: order.price,
    accepts: ['kbzpay', 'wavepay', 'ayapay', 'cbpay', 'mmqr'],
    providerConfirmed: false,
    test: false,
  });
  return methods;
}

/** 12 random digits: 2C2P takes at most 12 numerics for Myanmar's payment channels. */
function newInvoiceNo(deps: Pick<Deps, 'randomBytes'>): string {
  const bytes = deps.randomBytes(8);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return (value % 10n ** 12n).toString().padStart(12, '0');
}

export type StartedAnswer = {
  method: ProviderId;
  invoiceNo: string;
  currency: 'MMK' | 'USD';
  amount: number;
  /**
   * A test fake's KBZPay QR (decision 130): the fake's TEST wallet page that pays it, since no
   * real wallet app can. Never set for a real provider.
   */
  testWalletUrl?: string;
} & ({ redirectUrl: string } | { qrPayload: string });

/** Starts a provider payment for an order awaiting payment: a hosted page, or a QR code. */
export async function startProviderPayment(
  deps: Deps,
  providers: Providers,
  order: OrderRow,
  method: string,
  language: 'en' | 'my',
): Promise<StartedAnswer> {
  const provider = providers.get(method as ProviderId);
  if (!provider) {
    throw new ApiError(
      422,
      'method_unavailable',
      `This shop does not take ${method} payments (see the order's paymentMethods).`,
    );
  }
  const now = deps.now();
  const status = effectiveStatus(order, now, deps.config.receiptTimeoutMs);
  if (status === 'expired') {
    throw new ApiError(409, 'order_expired', 'This order’s payment time has ended.');
  }
  if (status !== 'awaiting_payment') {
    throw new ApiError(409, 'order_closed', 'This order is no longer waiting for payment.');
  }
  const amount = amountIn(order, provider.currency);
  if (amount === null) {
    throw new ApiError(422, 'method_unavailable', `This plan has no ${provider.currency} price.`);
  }
  const invoiceNo = newInvoiceNo(deps);
  await insertProviderPayment(deps.database.db, {
    provider: provider.id,
    invoiceNo,
    orderId: order.id,
    amount,
    currency: provider.currency,
    state: 'started',
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  const { publicApiUrl } = deps.config.payments;
  let started: StartedPayment;
  try {
    started = await provider.start({
      invoiceNo,
      amount,
      currency: provider.currency,
      description: `eSIM ${order.planId} ${order.number}`,
      frontendReturnUrl: `${publicApiUrl}/api/payments/${provider.id}/return/${invoiceNo}`,
      backendReturnUrl: `${publicApiUrl}/api/payments/${provider.id}/notify`,
      language,
    });
  } catch (error) {
    await updateAttempt(deps, provider.id, invoiceNo, {
      state: 'declined',
      providerStatus: 'start_failed',
    });
    throw error;
  }
  await updateAttempt(deps, provider.id, invoiceNo, {
    redirectUrl: started.kind === 'redirect' ? started.redirectUrl : null,
    qrPayload: started.kind === 'qr' ? started.qrPayload : null,
  });
  const base = { method: provider.id, invoiceNo, currency: provider.currency, amount };
  if (started.kind === 'redirect') return { ...base, redirectUrl: started.redirectUrl };
  const { kbzPay } = deps.config.payments;
  const testWallet =
    provider.id === 'kbzpay' && kbzPay && isTestProvider(deps.config.payments, 'kbzpay')
      ? { testWalletUrl: `${kbzPay.baseUrl}/fake/wallet/${invoiceNo}` }
      : {};
  return { ...base, qrPayload: started.qrPayload, ...testWallet };
}

async function updateAttempt(
  deps: Pick<Deps, 'database' | 'now'>,
  provider: ProviderId,
  invoiceNo: string,
  values: Partial<ProviderPaymentRow>,
) {
  await updateProviderPayment(deps.database.db, provider, invoiceNo, {
    ...values,
    updatedAt: new Date(deps.now()),
  });
}

export async function readAttempt(
  deps: Pick<Deps, 'database'>,
  provider: ProviderId,
  invoiceNo: string,
): Promise<ProviderPaymentRow | undefined> {
  const [row] = await providerPaymentByInvoice(deps.database.db, provider, invoiceNo);
  return row;
}

/** The latest attempt of an order (any provider), for its buyer: declined, started, paid. */
export async function latestAttempt(
  deps: Pick<Deps, 'database'>,
  orderId: string,
): Promise<ProviderPaymentRow | undefined> {
  const [row] = await latestProviderPaymentOf(deps.database.db, orderId);
  return row;
}

export type NotificationOutcome =
  | 'paid'
  | 'already_paid'
  | 'declined'
  | 'pending'
  | 'mismatch'
  | 'unknown_invoice'
  | 'inquiry_disagrees'
  | 'refused';

/** Why a report does not fit the attempt, or null when it does (merchant, invoice, money). */
function mismatchOf(
  provider: PaymentProvider,
  attempt: ProviderPaymentRow,
  report: ProviderReport,
  merchantRequired: boolean,
): string | null {
  if ((merchantRequired || report.merchantId) && report.merchantId !== provider.merchantId) {
    return 'another merchant';
  }
  if (report.invoiceNo !== attempt.invoiceNo) return 'another invoice';
  if (report.currency !== attempt.currency) return 'another currency';
  if (report.amount !== attempt.amount) return 'another amount';
  return null;
}

/**
 * A verified notification: what it says must be the attempt's, a payment, and what the provider
 * answers when asked; then the order is paid once. The provider down at the inquiry: 503 (it
 * sends the notification again), nothing paid.
 */
export async function acceptReport(
  deps: Deps,
  provider: PaymentProvider,
  report: ProviderReport,
): Promise<{ outcome: NotificationOutcome; orderId?: string }> {
  const log = (outcome: NotificationOutcome, detail?: string) =>
    deps.logger.info(
      { provider: provider.id, invoiceNo: report.invoiceNo, outcome, detail },
      'provider notification',
    );
  if (report.merchantId !== provider.merchantId) {
    log('mismatch', 'another merchant');
    return { outcome: 'mismatch' };
  }
  const attempt = await readAttempt(deps, provider.id, report.invoiceNo);
  if (!attempt) {
    log('unknown_invoice');
    return { outcome: 'unknown_invoice' };
  }
  if (attempt.state === 'paid') return { outcome: 'already_paid', orderId: attempt.orderId };
  const mismatch = mismatchOf(provider, attempt, report, true);
  if (mismatch) {
    log('mismatch', mismatch);
    return { outcome: 'mismatch', orderId: attempt.orderId };
  }
  if (report.status !== 'paid') {
    if (report.status === 'declined') {
      await updateAttempt(deps, provider.id, attempt.invoiceNo, {
        state: attempt.state === 'started' ? 'declined' : attempt.state,
        providerStatus: report.providerStatus,
      });
      orderEventsOf(deps).changed(attempt.orderId);
    }
    log(report.status);
    return { outcome: report.status, orderId: attempt.orderId };
  }
  return payOnInquiry(deps, provider, attempt, report.transactionId);
}

/**
 * Asks the provider about the attempt's invoice and pays the order when it says paid, with the
 * attempt's amount and currency (and the notification's transaction, when there was one).
 */
export async function payOnInquiry(
  deps: Deps,
  provider: PaymentProvider,
  attempt: ProviderPaymentRow,
  notifiedTransaction: string | null,
): Promise<{ outcome: NotificationOutcome; orderId?: string }> {
  const truth = await provider.inquire(attempt.invoiceNo);
  const disagreement =
    truth.status !== 'paid'
      ? `status ${truth.providerStatus}`
      : (mismatchOf(provider, attempt, truth, false) ??
        (!truth.transactionId ||
        (notifiedTransaction !== null && truth.transactionId !== notifiedTransaction)
          ? 'another transaction'
          : null));
  if (disagreement) {
    deps.logger.warn(
      { provider: provider.id, invoiceNo: attempt.invoiceNo, detail: disagreement },
      'provider inquiry disagrees: not paid',
    );
    if (truth.status === 'declined' && attempt.state === 'started') {
      await updateAttempt(deps, provider.id, attempt.invoiceNo, {
        state: 'declined',
        providerStatus: truth.providerStatus,
      });
      orderEventsOf(deps).changed(attempt.orderId);
    }
    return {
      outcome: truth.status === 'paid' ? 'inquiry_disagrees' : truth.status,
      orderId: attempt.orderId,
    };
  }
  const transactionId = truth.transactionId ?? '';
  const now = deps.now();
  // The claim: one of any number of copies takes the invoice from started (or declined: a
  // retry on the same page that went through) to paid. A transaction that paid another invoice
  // is refused by the unique index.
  let claimed: ProviderPaymentRow[] = [];
  try {
    claimed = await claimProviderPayment(deps.database.db, provider.id, attempt.invoiceNo, {
      state: 'paid',
      providerTransactionId: transactionId,
      providerStatus: truth.providerStatus,
      paidAt: new Date(now),
      updatedAt: new Date(now),
    });
  } catch (error) {
    deps.logger.warn(
      { provider: provider.id, invoiceNo: attempt.invoiceNo, err: safeError(error) },
      'provider transaction already paid another invoice',
    );
    return { outcome: 'refused', orderId: attempt.orderId };
  }
  if (claimed.length === 0) return { outcome: 'already_paid', orderId: attempt.orderId };
  const order = await readOrder(deps, attempt.orderId);
  if (!order) return { outcome: 'refused' };
  let settled;
  try {
    settled = await settleProviderPayment(deps, {
      provider: provider.id,
      order,
      providerTransactionId: transactionId,
      invoiceNo: attempt.invoiceNo,
      charged: { amount: attempt.amount, currency: attempt.currency },
      paidAt: now,
    });
  } catch (error) {
    // Nothing was paid: the invoice is open again for the provider's next notification.
    await updateAttempt(deps, provider.id, attempt.invoiceNo, {
      state: attempt.state,
      providerTransactionId: null,
      paidAt: null,
    });
    throw error;
  }
  if (settled.kind === 'refused') {
    await updateAttempt(deps, provider.id, attempt.invoiceNo, { state: 'refused' });
    deps.logger.warn(
      { provider: provider.id, invoiceNo: attempt.invoiceNo, code: settled.code },
      'provider payment for an order that cannot take it: for staff (refund)',
    );
    return { outcome: 'refused', orderId: order.id };
  }
  orderEventsOf(deps).changed(order.id);
  return { outcome: settled.kind === 'paid' ? 'paid' : 'already_paid', orderId: order.id };
}

/**
 * The buyer came back from the provider's page: never a payment by itself, at most a reason to
 * ask the provider now (its notification may be late). A provider that does not answer changes
 * nothing; its notification still pays.
 */
export async function checkOnReturn(
  deps: Deps,
  provider: PaymentProvider,
  invoiceNo: string,
): Promise<ProviderPaymentRow | undefined> {
  const attempt = await readAttempt(deps, provider.id, invoiceNo);
  if (!attempt || attempt.state === 'paid' || attempt.state === 'refused') return attempt;
  try {
    await payOnInquiry(deps, provider, attempt, null);
  } catch (error) {
    deps.logger.warn(
      { provider: provider.id, invoiceNo, err: safeError(error) },
      'inquiry on the buyer’s return failed; the notification will tell',
    );
  }
  return readAttempt(deps, provider.id, invoiceNo);
}
