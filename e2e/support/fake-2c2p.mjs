#!/usr/bin/env node
/**
 * A fake of 2C2P's payment gateway (PGW v4.3), for the server's tests, the journeys and local
 * runs without a merchant account (issue #40). It speaks the documented protocol with its own
 * JWT code (node:crypto, not the server's library): `POST /payment/4.3/paymentToken` and
 * `POST /payment/4.3/paymentInquiry` take and answer `{"payload": "<JWT HS256>"}` signed with the
 * merchant's secret key; the hosted page is a clearly labelled TEST page where a "card" is paid
 * or declined; the backend notification `{"payload": "<JWT>"}` goes to `backendReturnUrl`, the
 * browser goes back to `frontendReturnUrl` with the unsigned base64 `paymentResponse`.
 *
 * It can be told (control) to be down (503), to be slow (delayMs), to be down for inquiries
 * only, to send each notification several times (duplicate), to send it before or after the
 * buyer's return (notify: before | after | none), and to answer inquiries with other fields
 * (inquiryOverride). In-process: `startFake2c2p(options)`. As a process:
 * `node e2e/support/fake-2c2p.mjs` with FAKE_2C2P_PORT, FAKE_2C2P_MERCHANT_ID and
 * FAKE_2C2P_SECRET_KEY; controlled over HTTP: `POST /fake/control`, `GET /fake/invoices`.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

export const FAKE_2C2P_MERCHANT_ID = 'FAKE2C2P01';
export const FAKE_2C2P_SECRET_KEY = 'fake-2c2p-secret-key-for-tests-only-0123456789';

const b64url = (value) => Buffer.from(value).toString('base64url');

/** A JWT of `payload`: HS256 by default; `alg` none / HS512 and another secret for the tests. */
export function jwt(payload, secret, { alg = 'HS256', header = {} } = {}) {
  const head = b64url(JSON.stringify({ alg, typ: 'JWT', ...header }));
  const body = b64url(JSON.stringify(payload));
  if (alg === 'none') return `${head}.${body}.`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  const signature = createHmac(hash, secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** The payload of an HS256 JWT signed with `secret`, or null. */
function verifyJwt(token, secret) {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  try {
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return JSON.parse(Buffer.from(body, 'base64url').toString());
  } catch {
    return null;
  }
}

/**
 * Payment Maintenance's protection (issue #41), written with node:crypto: a JWE (RSA-OAEP, i.e.
 * OAEP with SHA-1, + A256GCM; the AAD is the protected header as sent) inside a JWS PS256.
 */
export function sealMaintenance(text, { encryptTo, signWith }) {
  const head = b64url(JSON.stringify({ alg: 'RSA-OAEP', enc: 'A256GCM' }));
  const cek = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cek, iv);
  cipher.setAAD(Buffer.from(head, 'ascii'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const encryptedKey = publicEncrypt(
    { key: encryptTo, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    cek,
  );
  const jwe = [
    head,
    b64url(encryptedKey),
    b64url(iv),
    b64url(ciphertext),
    b64url(cipher.getAuthTag()),
  ].join('.');
  const signingInput = `${b64url(JSON.stringify({ alg: 'PS256', typ: 'JWT' }))}.${b64url(jwe)}`;
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: signWith,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 32,
  });
  return `${signingInput}.${b64url(signature)}`;
}

/** The text inside a sealed token, or null when its signature or encryption does not hold. */
export function openMaintenance(token, { verifyWith, decryptWith }) {
  try {
    const [head, body, signature] = String(token).trim().split('.');
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'PS256') return null;
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: verifyWith, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return null;
    const [jweHead, encryptedKey, iv, ciphertext, tag] = Buffer.from(body, 'base64url')
      .toString()
      .split('.');
    const header = JSON.parse(Buffer.from(jweHead, 'base64url').toString());
    if (header.alg !== 'RSA-OAEP' || header.enc !== 'A256GCM') return null;
    const cek = privateDecrypt(
      { key: decryptWith, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(encryptedKey, 'base64url'),
    );
    const decipher = createDecipheriv('aes-256-gcm', cek, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(jweHead, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

const xmlFields = (xml, root) => {
  const inner = new RegExp(`<${root}>([\\s\\S]*)</${root}>`).exec(xml);
  if (!inner) return null;
  const fields = {};
  for (const match of inner[1].matchAll(/<([A-Za-z0-9]+)>([^<]*)<\/\1>/g))
    fields[match[1]] = match[2];
  return fields;
};

const xmlOf = (root, fields) =>
  `<${root}>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeHtml(value)}</${name}>`)
    .join('')}</${root}>`;

/** 2C2P's path of Payment Maintenance (refund R, refund status RS). */
export const MAINTENANCE_PATH = '/2C2PFrontend/PaymentAction/2.0/action';

const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ port?: number; host?: string; merchantId?: string; secretKey?: string;
 *   fetch?: typeof fetch }} options
 */
export async function startFake2c2p(options = {}) {
  const merchantId = options.merchantId ?? FAKE_2C2P_MERCHANT_ID;
  const secretKey = options.secretKey ?? FAKE_2C2P_SECRET_KEY;
  const send = options.fetch ?? fetch;
  /** invoiceNo → the invoice as 2C2P keeps it. */
  const invoices = new Map();
  /** paymentToken → invoiceNo. */
  const tokens = new Map();
  const calls = [];
  const control = {
    down: false,
    inquiryDown: false,
    delayMs: 0,
    /** How many times each notification is sent. */
    duplicate: 1,
    /** before: notify, then return the buyer; after: return the buyer, then notify; none. */
    notify: 'before',
    /** Fields that replace the inquiry's answer (an inquiry that disagrees). */
    inquiryOverride: null,
    /** Fields that replace the next notifications' payload (a tampered one is signed anyway). */
    notificationOverride: null,
  };
  const notifications = [];
  // Unique across restarts, as 2C2P's own are: scripts/start.sh keeps its database (.data) from
  // one run to the next, and a reference paid in an earlier run must never come again.
  let tranRefs = Date.now();
  // The keys exchanged for Payment Maintenance: the merchant's pair and 2C2P's pair.
  const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const providerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pemOf = (key, type) => key.export({ type, format: 'pem' }).toString();
  /** invoiceNo → its refund as 2C2P keeps it: { idempotencyID, status, amount }. */
  const refunds = new Map();
  const refundControl = {
    maintenanceDown: false,
    /** Invoices paid but not settled yet: a refund is refused (respCode 12). */
    unsettled: false,
    /** The refund stays RP (pending) until this is false again; RS then says RF. */
    pending: false,
    /** A refusal 2C2P answers instead (e.g. {respCode: '41', respDesc: 'Refund not allowed.'}). */
    refuse: null,
  };
  Object.assign(control, refundControl);

  const notificationOf = (invoice) => ({
    merchantID: merchantId,
    invoiceNo: invoice.invoiceNo,
    cardNo: '411111XXXXXX1111',
    amount: invoice.amount.toFixed(2),
    currencyCode: invoice.currencyCode,
    tranRef: invoice.tranRef ?? '',
    referenceNo: invoice.referenceNo ?? '',
    approvalCode: invoice.state === 'paid' ? '531484' : '',
    eci: '05',
    transactionDateTime: invoice.paidAt ?? '',
    respCode: invoice.respCode,
    respDesc: invoice.respDesc,
    ...(control.notificationOverride ?? {}),
  });

  /** Posts the backend notification of `invoice` (control.duplicate times, in parallel). */
  async function notifyMerchant(invoice, overrides = {}, signing = {}) {
    const payload = { ...notificationOf(invoice), ...overrides };
    const body = JSON.stringify({
      payload: jwt(payload, signing.secret ?? secretKey, { alg: signing.alg ?? 'HS256' }),
    });
    const copies = Math.max(1, control.duplicate);
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        send(invoice.backendReturnUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        })
          .then(async (response) => ({ status: response.status, body: await response.text() }))
          .catch((error) => ({ status: 0, body: String(error) })),
      ),
    );
    notifications.push({ invoiceNo: invoice.invoiceNo, payload, answers });
    return answers;
  }

  function settle(invoice, outcome) {
    if (outcome === 'approve') {
      invoice.state = 'paid';
      invoice.respCode = '0000';
      invoice.respDesc = 'Success';
      tranRefs += 1;
      invoice.tranRef = String(tranRefs);
      invoice.referenceNo = String(tranRefs + 1_000_000);
      invoice.paidAt = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    } else {
      invoice.state = 'declined';
      invoice.respCode = '4005';
      invoice.respDesc = 'Do not honour (test decline)';
    }
  }

  /** The hosted page's "card" paid or declined: notification and the buyer's return. */
  async function finish(invoice, outcome) {
    settle(invoice, outcome);
    if (control.notify === 'after') {
      setTimeout(() => void notifyMerchant(invoice), Math.max(control.delayMs, 50));
    }
    return control.notify === 'before' ? notifyMerchant(invoice) : [];
  }

  const returnPage = (invoice, respCode, respDesc) => {
    const paymentResponse = b64url(
      JSON.stringify({ invoiceNo: invoice.invoiceNo, channelCode: 'CC', respCode, respDesc }),
    );
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Returning to the shop</title></head>
<body><form id="back" method="post" action="${escapeHtml(invoice.frontendReturnUrl)}">
<input type="hidden" name="paymentResponse" value="${escapeHtml(paymentResponse)}">
<button type="submit">Back to the shop</button></form>
<script>document.getElementById('back').submit()</script></body></html>`;
  };

  const hostedPage = (token, invoice) => {
    const my = invoice.locale === 'my';
    const amount = `${invoice.amount.toFixed(2)} ${invoice.currencyCode}`;
    return `<!doctype html><html lang="${my ? 'my' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST payment page (2C2P fake)</title>
<style>
body{font-family:system-ui,'Noto Sans Myanmar',sans-serif;margin:0;background:#f5f5f4;color:#1c1917}
main{max-width:26rem;margin:0 auto;padding:1rem}
.banner{background:#fde047;border:2px dashed #a16207;padding:.75rem;border-radius:.5rem;font-weight:700}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
button{display:block;width:100%;min-height:3rem;margin-top:.75rem;font-size:1rem;border-radius:.5rem;border:0;cursor:pointer}
.pay{background:#15803d;color:#fff}.decline{background:#b91c1c;color:#fff}.cancel{background:#e7e5e4}
</style></head><body><main>
<p class="banner" role="note">TEST PAGE — a fake of 2C2P for trying the shop. No card is charged, no real money moves.<br>
စမ်းသပ်စာမျက်နှာ — ကတ်မှ ငွေမဖြတ်ပါ။</p>
<div class="card"><h1>Card payment (test)</h1>
<p>Merchant ${escapeHtml(merchantId)} · Invoice ${escapeHtml(invoice.invoiceNo)}</p>
<p><strong data-testid="fake-2c2p-amount">${escapeHtml(amount)}</strong></p>
<p>${escapeHtml(invoice.description)}</p>
<p>Test card 4111 1111 1111 1111 · 12/30 · 123</p>
<form method="post" action="/pay/${escapeHtml(token)}/approve"><button class="pay" type="submit">Pay with the test card</button></form>
<form method="post" action="/pay/${escapeHtml(token)}/decline"><button class="decline" type="submit">Decline the card (test)</button></form>
<form method="post" action="/pay/${escapeHtml(token)}/cancel"><button class="cancel" type="submit">Cancel and go back</button></form>
</div></main></body></html>`;
  };

  /** A Payment Maintenance request's answer, as 2C2P's result and status codes say. */
  function maintenance(fields) {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(2, 14);
    const base = { version: '4.3', timeStamp: stamp };
    if (!fields) return { ...base, respCode: '96', respDesc: 'Unable to decrypt.' };
    if (fields.merchantID !== merchantId) {
      return { ...base, respCode: '03', respDesc: 'Invalid Merchant ID' };
    }
    const reply = (respCode, respDesc, status = '') => ({
      ...base,
      respCode,
      respDesc,
      processType: fields.processType,
      invoiceNo: fields.invoiceNo ?? '',
      amount: fields.actionAmount ?? '',
      status,
    });
    const invoice = invoices.get(fields.invoiceNo ?? '');
    if (!invoice) return reply('16', "Requested transaction doesn't exist.");
    const refund = refunds.get(invoice.invoiceNo);
    if (fields.processType === 'RS') {
      if (!refund) return reply('16', 'No refund for this transaction.');
      if (refund.status === 'RP' && !control.pending) refund.status = 'RF';
      return reply('00', 'Success', refund.status);
    }
    if (fields.processType !== 'R') return reply('17', 'Request type is invalid.');
    if (control.refuse) return { ...reply('', ''), ...control.refuse };
    if (invoice.state !== 'paid') {
      return reply('12', 'Transaction status is not valid to perform your action.');
    }
    if (control.unsettled) {
      return reply('12', 'Transaction status is not valid to perform your action.');
    }
    if (Number(fields.actionAmount) > invoice.amount) {
      return reply('40', 'Refund amount is more than transaction amount.');
    }
    if (refund) {
      // The same idempotency key: the same refund; another key: refunded already.
      return refund.idempotencyID === fields.idempotencyID
        ? reply('00', 'Success', refund.status)
        : reply('49', 'Transaction is already fully refunded.');
    }
    const created = {
      idempotencyID: fields.idempotencyID ?? '',
      amount: Number(fields.actionAmount),
      status: control.pending ? 'RP' : 'RF',
    };
    refunds.set(invoice.invoiceNo, created);
    return reply('00', 'Success', created.status);
  }

  const json = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const html = (response, status, body) => {
    response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(body);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = request.method === 'POST' ? await readBody(request) : '';
      if (url.pathname.startsWith('/fake/')) {
        if (url.pathname === '/fake/control' && request.method === 'POST') {
          Object.assign(control, JSON.parse(text || '{}'));
          return json(response, 200, control);
        }
        if (url.pathname === '/fake/invoices') return json(response, 200, [...invoices.values()]);
        return json(response, 404, { error: 'no such fake route' });
      }
      calls.push({ path: url.pathname, method: request.method });
      if (control.delayMs > 0) await sleep(control.delayMs);
      if (url.pathname === MAINTENANCE_PATH && request.method === 'POST') {
        if (control.maintenanceDown) {
          response.writeHead(503, { 'Content-Type': 'text/plain' });
          return response.end('Service unavailable (test)');
        }
        const xml = openMaintenance(text, {
          verifyWith: merchantKeys.publicKey,
          decryptWith: providerKeys.privateKey,
        });
        const fields = xml ? xmlFields(xml, 'PaymentProcessRequest') : null;
        const answer = maintenance(fields);
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        return response.end(
          sealMaintenance(xmlOf('PaymentProcessResponse', answer), {
            encryptTo: merchantKeys.publicKey,
            signWith: providerKeys.privateKey,
          }),
        );
      }
      if (url.pathname.startsWith('/payment/4.3/')) {
        const endpoint = url.pathname.slice('/payment/4.3/'.length);
        if (control.down || (endpoint === 'paymentInquiry' && control.inquiryDown)) {
          return json(response, 503, { respCode: '9999', respDesc: 'Service unavailable (test)' });
        }
        let payload = null;
        try {
          payload = verifyJwt(JSON.parse(text).payload, secretKey);
        } catch {
          payload = null;
        }
        if (!payload) return json(response, 200, { respCode: '9042', respDesc: 'Invalid JWT' });
        if (payload.merchantID !== merchantId) {
          return json(response, 200, { respCode: '9015', respDesc: 'Invalid merchant' });
        }
        if (endpoint === 'paymentToken') {
          const existing = invoices.get(payload.invoiceNo);
          if (existing) {
            const answer = { respCode: '9015', respDesc: 'Existing invoice number' };
            return json(response, 200, { payload: jwt(answer, secretKey) });
          }
          const paymentToken = randomBytes(24).toString('base64url');
          const invoice = {
            invoiceNo: String(payload.invoiceNo),
            description: String(payload.description ?? ''),
            amount: Number(payload.amount),
            currencyCode: String(payload.currencyCode),
            channels: payload.paymentChannel ?? [],
            frontendReturnUrl: String(payload.frontendReturnUrl),
            backendReturnUrl: String(payload.backendReturnUrl),
            locale: String(payload.locale ?? 'en'),
            state: 'open',
            respCode: '0001',
            respDesc: 'Transaction in progress',
            paymentToken,
          };
          invoices.set(invoice.invoiceNo, invoice);
          tokens.set(paymentToken, invoice.invoiceNo);
          const host = request.headers.host ?? `127.0.0.1:${server.address().port}`;
          const answer = {
            webPaymentUrl: `http://${host}/pay/${paymentToken}`,
            paymentToken,
            respCode: '0000',
            respDesc: 'Success',
          };
          return json(response, 200, { payload: jwt(answer, secretKey) });
        }
        if (endpoint === 'paymentInquiry') {
          const invoice = invoices.get(String(payload.invoiceNo));
          const answer = invoice
            ? {
                merchantID: merchantId,
                invoiceNo: invoice.invoiceNo,
                amount: invoice.amount,
                currencyCode: invoice.currencyCode,
                transactionDateTime: invoice.paidAt ?? '',
                agentCode: 'OCBC',
                channelCode: 'VI',
                approvalCode: invoice.state === 'paid' ? '531484' : '',
                referenceNo: invoice.referenceNo ?? '',
                tranRef: invoice.tranRef ?? '',
                accountNo: '411111XXXXXX1111',
                respCode: invoice.respCode,
                respDesc: invoice.respDesc,
                ...(control.inquiryOverride ?? {}),
              }
            : { respCode: '4014', respDesc: 'Invoice not found' };
          return json(response, 200, { payload: jwt(answer, secretKey) });
        }
        return json(response, 404, { respCode: '9999', respDesc: 'Unknown endpoint' });
      }
      const page = url.pathname.match(/^\/pay\/([\w-]+)(?:\/(approve|decline|cancel))?$/);
      if (page) {
        const invoice = invoices.get(tokens.get(page[1]) ?? '');
        if (!invoice) return html(response, 404, '<p>No such test payment.</p>');
        if (!page[2]) return html(response, 200, hostedPage(page[1], invoice));
        if (page[2] === 'cancel') {
          return html(response, 200, returnPage(invoice, '0003', 'Transaction is cancelled'));
        }
        if (invoice.state === 'open' || invoice.state === 'declined') {
          await finish(invoice, page[2]);
        }
        return html(response, 200, returnPage(invoice, '2000', 'Transaction is completed'));
      }
      return json(response, 404, { respCode: '9999', respDesc: 'Not found' });
    })().catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    merchantId,
    secretKey,
    control,
    invoices,
    calls,
    notifications,
    jwt,
    /** Payment Maintenance's keys, as the merchant configures them (TWOC2P_*). */
    merchantPrivateKey: pemOf(merchantKeys.privateKey, 'pkcs8'),
    providerPublicKey: pemOf(providerKeys.publicKey, 'spki'),
    maintenanceUrl: `http://127.0.0.1:${port}${MAINTENANCE_PATH}`,
    /** The refunds made: invoiceNo → { idempotencyID, status, amount }. */
    refunds,
    /** The hosted page's "Pay" without a browser: paid, notified as control says. */
    approve: (invoiceNo) => finish(invoices.get(invoiceNo), 'approve'),
    decline: (invoiceNo) => finish(invoices.get(invoiceNo), 'decline'),
    /** Marks an invoice paid without notifying (a notification that never came). */
    settleQuietly: (invoiceNo, outcome = 'approve') => settle(invoices.get(invoiceNo), outcome),
    /** Sends the notification of an invoice, with fields replaced and another signing. */
    notify: (invoiceNo, overrides, signing) =>
      notifyMerchant(invoices.get(invoiceNo), overrides, signing),
    reset() {
      invoices.clear();
      tokens.clear();
      calls.length = 0;
      notifications.length = 0;
      refunds.clear();
      Object.assign(control, refundControl, {
        down: false,
        inquiryDown: false,
        delayMs: 0,
        duplicate: 1,
        notify: 'before',
        inquiryOverride: null,
        notificationOverride: null,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFake2c2p({
    port: Number(process.env.FAKE_2C2P_PORT ?? 8790),
    merchantId: process.env.FAKE_2C2P_MERCHANT_ID,
    secretKey: process.env.FAKE_2C2P_SECRET_KEY,
  });
  console.log(`fake 2C2P (TEST, no real money) on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
