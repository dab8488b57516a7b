#!/usr/bin/env node
/**
 * A fake of KBZPay's payment gateway, for the server's tests, the journeys and local runs
 * (issue #40). It speaks the documented protocol with its own code: `POST /precreate`
 * (`kbz.payment.precreate`, trade_type PAY_BY_QRCODE → a dynamic MMQR `qrCode`) and
 * `POST /queryorder` (`kbz.payment.queryorder`) take `{"Request": {…, biz_content, sign}}` and
 * answer `{"Response": {…, sign}}`; a paid QR is notified to `notify_url` as `{"Request": {…,
 * sign}}`, and the merchant must answer `success`. The sign: SHA-256 of the sorted `k=v&…` of
 * non-empty fields (not sign, sign_type) then `&key=<app key>`, upper-case hex.
 *
 * The QR is "scanned" by `POST /fake/pay` ({merch_order_id}) or `GET /fake/wallet/<id>` (a
 * clearly labelled TEST wallet page). Control: down, delayMs, duplicate, queryOverride,
 * refundPending, refundRefusal.
 *
 * Refunds (issue #41, decision 136): `POST /refund` (`kbz.payment.refund`) is answered only on
 * the HTTPS listener that asks for the merchant's client certificate (mutual TLS, as KBZPay's
 * refund address does), started when `tls: {key, cert, ca}` is given (`refundUrl`); a client
 * without a certificate signed by `ca` fails the handshake. One refund_request_no is refunded
 * once (a repeat answers the same refund); `refundPending` answers REFUNDING until it is
 * cleared, when `queryorder` naming the refund_request_no answers REFUNDSUCCESS;
 * `refundRefusal` is a refusal's `msg`, `refundFailure` a pending refund's final failure (its
 * REFUNDFAIL `msg`). In-process:
 * `startFakeKbzpay(options)`. As a process: `node e2e/support/fake-kbzpay.mjs` with
 * FAKE_KBZPAY_PORT, FAKE_KBZPAY_APP_ID, FAKE_KBZPAY_MERCH_CODE, FAKE_KBZPAY_APP_KEY.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { pathToFileURL } from 'node:url';

export const FAKE_KBZPAY_APP_ID = 'kpfakeappid0000000000000000000001';
export const FAKE_KBZPAY_MERCH_CODE = '200001';
export const FAKE_KBZPAY_APP_KEY = 'fake-kbzpay-app-key-for-tests-only';

/** KBZPay's sign of a flat object of fields with `appKey`. */
export function kbzSign(fields, appKey) {
  const base = Object.keys(fields)
    .filter((key) => key !== 'sign' && key !== 'sign_type')
    .filter((key) => {
      const value = fields[key];
      return (typeof value === 'string' && value !== '') || typeof value === 'number';
    })
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHash('sha256').update(`${base}&key=${appKey}`).digest('hex').toUpperCase();
}

/** CRC-16/CCITT-FALSE, as EMVCo tag 63 takes it. */
function crc16(text) {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (tag, value) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** A dynamic EMVCo MPM payload (MMQR shape) for an order and amount. */
function dynamicQr(merchCode, orderId, amount) {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'com.kbzpay.fake') + tlv('01', merchCode)) +
    tlv('52', '4812') +
    tlv('53', '104') +
    tlv('54', String(amount)) +
    tlv('58', 'MM') +
    tlv('59', 'ESIM MYANMAR TEST') +
    tlv('60', 'YANGON') +
    tlv('62', tlv('01', orderId)) +
    '6304';
  return body + crc16(body);
}

const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ port?: number; host?: string; appId?: string; merchCode?: string; appKey?: string;
 *   fetch?: typeof fetch; tls?: { key: string; cert: string; ca: string } }} options
 */
export async function startFakeKbzpay(options = {}) {
  const appId = options.appId ?? FAKE_KBZPAY_APP_ID;
  const merchCode = options.merchCode ?? FAKE_KBZPAY_MERCH_CODE;
  const appKey = options.appKey ?? FAKE_KBZPAY_APP_KEY;
  const send = options.fetch ?? fetch;
  const orders = new Map();
  const calls = [];
  const notifications = [];
  const refunds = new Map();
  const initialControl = {
    down: false,
    delayMs: 0,
    duplicate: 1,
    queryOverride: null,
    refundPending: false,
    refundRefusal: null,
    refundFailure: null,
  };
  const control = { ...initialControl };
  // Unique across restarts (see fake-2c2p.mjs): a later run never repeats an earlier mm_order_id.
  let mmOrders = Date.now();

  const signed = (fields) => ({ ...fields, sign_type: 'SHA256', sign: kbzSign(fields, appKey) });
  const nonce = () => randomBytes(16).toString('hex');

  function notificationOf(order) {
    return {
      notify_time: String(Math.floor(Date.now() / 1000)),
      merch_code: merchCode,
      merch_order_id: order.merch_order_id,
      mm_order_id: order.mm_order_id ?? '',
      trans_currency: order.trans_currency,
      total_amount: order.total_amount,
      trade_status: order.trade_status,
      trans_end_time: order.trans_end_time ?? '',
      callback_info: '',
      nonce_str: nonce(),
      appid: appId,
    };
  }

  /** Sends `order`'s notification (control.duplicate copies); fields replaced, another key. */
  async function notifyMerchant(order, overrides = {}, signing = {}) {
    const fields = { ...notificationOf(order), ...overrides };
    const request = {
      ...fields,
      sign_type: 'SHA256',
      sign: signing.sign ?? kbzSign(fields, signing.appKey ?? appKey),
    };
    const body = JSON.stringify({ Request: request });
    const answers = await Promise.all(
      Array.from({ length: Math.max(1, control.duplicate) }, () =>
        send(order.notify_url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        })
          .then(async (response) => ({ status: response.status, body: await response.text() }))
          .catch((error) => ({ status: 0, body: String(error) })),
      ),
    );
    notifications.push({ merch_order_id: order.merch_order_id, request, answers });
    return answers;
  }

  function pay(order) {
    if (order.trade_status !== 'PAY_SUCCESS') {
      mmOrders += 1;
      order.trade_status = 'PAY_SUCCESS';
      order.mm_order_id = String(mmOrders);
      order.trans_end_time = String(Math.floor(Date.now() / 1000));
    }
    return notifyMerchant(order);
  }

  const json = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fail = (response, code, msg) =>
    json(response, 200, { Response: signed({ result: 'FAIL', code, msg, nonce_str: nonce() }) });

  /** A refund's answer fields (the refund call's and queryorder's naming it). */
  function refundFields(refund) {
    if (refund.status === 'REFUNDING' && !control.refundPending) {
      refund.status = control.refundFailure ? 'REFUNDFAIL' : 'REFUNDSUCCESS';
      refund.failure = control.refundFailure ?? undefined;
    }
    return {
      result: 'SUCCESS',
      code: '0',
      msg: refund.failure ?? 'success',
      merch_order_id: refund.merch_order_id,
      merch_code: merchCode,
      refund_request_no: refund.refund_request_no,
      refund_order_id: refund.refund_order_id,
      refund_status: refund.status,
      refund_amount: refund.refund_amount,
      refund_currency: 'MMK',
      nonce_str: nonce(),
    };
  }

  function refund(response, flat) {
    const order = orders.get(String(flat.merch_order_id));
    if (!order) return fail(response, '2002', 'Order not found');
    const requestNo = String(flat.refund_request_no ?? '');
    if (!requestNo) return fail(response, '3000', 'refund_request_no is required');
    const known = refunds.get(requestNo);
    if (known) return json(response, 200, { Response: signed(refundFields(known)) });
    if (control.refundRefusal) return fail(response, '3002', control.refundRefusal);
    if (order.trade_status !== 'PAY_SUCCESS') {
      return fail(response, '3001', 'The order is not paid: it cannot be refunded.');
    }
    if ([...refunds.values()].some((other) => other.merch_order_id === order.merch_order_id)) {
      return fail(response, '3003', 'The order was refunded already.');
    }
    const amount = String(flat.refund_amount ?? order.total_amount);
    if (Number(amount) > Number(order.total_amount)) {
      return fail(response, '3004', 'The refund is larger than the payment.');
    }
    mmOrders += 1;
    const made = {
      merch_order_id: order.merch_order_id,
      refund_request_no: requestNo,
      refund_order_id: String(mmOrders),
      refund_amount: amount,
      status: control.refundPending ? 'REFUNDING' : 'REFUNDSUCCESS',
    };
    refunds.set(requestNo, made);
    return json(response, 200, { Response: signed(refundFields(made)) });
  }

  const handle = (request, response, secure) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = request.method === 'POST' ? await readBody(request) : '';
      if (url.pathname === '/fake/control' && request.method === 'POST') {
        Object.assign(control, JSON.parse(text || '{}'));
        return json(response, 200, control);
      }
      if (url.pathname === '/fake/orders') return json(response, 200, [...orders.values()]);
      if (url.pathname === '/fake/pay' && request.method === 'POST') {
        const order = orders.get(String(JSON.parse(text || '{}').merch_order_id));
        if (!order) return json(response, 404, { error: 'no such order' });
        return json(response, 200, { answers: await pay(order) });
      }
      const wallet = url.pathname.match(/^\/fake\/wallet\/(\d+)$/);
      if (wallet) {
        const order = orders.get(wallet[1]);
        if (!order) return json(response, 404, { error: 'no such order' });
        if (request.method === 'POST') await pay(order);
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(`<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>TEST wallet (KBZPay fake)</title>
<main style="font-family:system-ui;max-width:26rem;margin:auto;padding:1rem">
<p style="background:#fde047;border:2px dashed #a16207;padding:.75rem;font-weight:700">TEST WALLET — a fake of KBZPay. No real money moves.</p>
<p>Order ${order.merch_order_id}: ${order.total_amount} MMK — ${order.trade_status}</p>
<form method="post"><button style="min-height:3rem;width:100%" type="submit">Pay this QR (test)</button></form></main>`);
      }
      let refundNo;
      try {
        refundNo = JSON.parse(text)?.Request?.biz_content?.refund_request_no;
      } catch {
        refundNo = undefined;
      }
      calls.push({ path: url.pathname, secure, ...(refundNo ? { refund: String(refundNo) } : {}) });
      if (control.delayMs > 0) await sleep(control.delayMs);
      if (control.down) return json(response, 503, { error: 'down (test)' });
      let envelope;
      try {
        envelope = JSON.parse(text).Request;
      } catch {
        return fail(response, '1001', 'Invalid JSON');
      }
      if (!envelope || typeof envelope !== 'object') return fail(response, '1001', 'No Request');
      const flat = { ...envelope, ...(envelope.biz_content ?? {}) };
      delete flat.biz_content;
      if (flat.sign !== kbzSign(flat, appKey)) return fail(response, '1002', 'Invalid sign');
      if (flat.merch_code !== merchCode || flat.appid !== appId) {
        return fail(response, '1003', 'Invalid merchant');
      }
      if (url.pathname === '/refund') {
        // KBZPay's refund address takes only callers with the merchant's client certificate.
        if (!secure) return fail(response, '1004', 'A client certificate is required');
        return refund(response, flat);
      }
      if (url.pathname === '/queryorder' && flat.refund_request_no) {
        const known = refunds.get(String(flat.refund_request_no));
        if (!known) return fail(response, '3005', 'Refund not found');
        return json(response, 200, { Response: signed(refundFields(known)) });
      }
      if (url.pathname === '/precreate') {
        const id = String(flat.merch_order_id);
        if (orders.has(id)) return fail(response, '2001', 'Duplicate merch_order_id');
        const order = {
          merch_order_id: id,
          total_amount: String(flat.total_amount),
          trans_currency: String(flat.trans_currency),
          trade_type: String(flat.trade_type),
          notify_url: String(flat.notify_url ?? ''),
          trade_status: 'WAIT_PAY',
          prepay_id: randomBytes(12).toString('hex'),
        };
        order.qrCode = dynamicQr(merchCode, id, order.total_amount);
        orders.set(id, order);
        return json(response, 200, {
          Response: signed({
            result: 'SUCCESS',
            code: '0',
            msg: 'success',
            merch_order_id: id,
            prepay_id: order.prepay_id,
            qrCode: order.qrCode,
            nonce_str: nonce(),
          }),
        });
      }
      if (url.pathname === '/queryorder') {
        const order = orders.get(String(flat.merch_order_id));
        if (!order) return fail(response, '2002', 'Order not found');
        return json(response, 200, {
          Response: signed({
            result: 'SUCCESS',
            code: '0',
            msg: 'success',
            merch_order_id: order.merch_order_id,
            merch_code: merchCode,
            total_amount: order.total_amount,
            trans_currency: order.trans_currency,
            trade_status: order.trade_status,
            mm_order_id: order.mm_order_id ?? '',
            trans_end_time: order.trans_end_time ?? '',
            nonce_str: nonce(),
            ...(control.queryOverride ?? {}),
          }),
        });
      }
      return fail(response, '1000', 'Unknown method');
    })().catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  };
  const server = createServer((request, response) => handle(request, response, false));
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address();
  // The refund address: mutual TLS, a client certificate signed by `tls.ca` required.
  const secureServer = options.tls
    ? createHttpsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ca: options.tls.ca,
          requestCert: true,
          rejectUnauthorized: true,
        },
        (request, response) => handle(request, response, true),
      )
    : undefined;
  if (secureServer) {
    await new Promise((resolve) => secureServer.listen(0, options.host ?? '127.0.0.1', resolve));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    refundUrl: secureServer ? `https://127.0.0.1:${secureServer.address().port}` : undefined,
    refunds,
    port,
    appId,
    merchCode,
    appKey,
    control,
    orders,
    calls,
    notifications,
    kbzSign,
    /** The QR paid: notified as control says. */
    pay: (id) => pay(orders.get(id)),
    /** Sends an order's notification with fields replaced, or signed with another key / sign. */
    notify: (id, overrides, signing) => notifyMerchant(orders.get(id), overrides, signing),
    reset() {
      orders.clear();
      calls.length = 0;
      notifications.length = 0;
      refunds.clear();
      Object.assign(control, initialControl);
    },
    close: async () => {
      if (secureServer) {
        secureServer.closeAllConnections();
        await new Promise((resolve) => secureServer.close(() => resolve(undefined)));
      }
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeKbzpay({
    port: Number(process.env.FAKE_KBZPAY_PORT ?? 8791),
    appId: process.env.FAKE_KBZPAY_APP_ID,
    merchCode: process.env.FAKE_KBZPAY_MERCH_CODE,
    appKey: process.env.FAKE_KBZPAY_APP_KEY,
  });
  console.log(`fake KBZPay (TEST, no real money) on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
