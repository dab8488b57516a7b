/**
 * Hand-written request examples for /developers, keyed by `METHOD path`. Each curl command is
 * run as printed against a real server by server/tests/openapi/curl-examples.test.ts, which
 * checks the status written next to it. Operations without an entry get a generated example.
 * `$API_BASE_URL` and `$API_KEY` are shell variables the reader sets; `$ORDER_ID` is the number
 * (without #) or the id of an order that POST /purchase answered with that key. The shop's own
 * endpoints (not on /developers) use `$SHOP_ORDER_ID` and `$ORDER_TOKEN` from POST /api/orders;
 * the staff endpoints (not on /developers either) `$STAFF_KEY` from
 * `npm run api-key -- create --staff <name>`.
 */

/** A 1×1 PNG: enough for the demo AI (npm run server without a Gemini key), which reads any
 * image as the demo receipt. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export type CurlSample = {
  /** One comment line above the command (English: code comments are code). */
  comment?: string;
  command: string;
  /** The status the command gets from a running server. */
  status: number;
};

export type OperationSamples = { curl: CurlSample[]; fetch: string };

/** fetch of a staff endpoint with the staff key (`path` may hold `${orderId}`), then `then`. */
const staffFetch = (path: string, then: string, method?: 'POST') =>
  `const response = await fetch(\`\${API_BASE_URL}${path}\`, {
${method ? `  method: '${method}',\n` : ''}  headers: { Authorization: \`Bearer \${staffKey}\` },
});
${then}`;

/** A staff GET: its curl (200) and its fetch. */
const staffGet = (path: string, then: string): OperationSamples => ({
  curl: [
    { command: `curl "$API_BASE_URL${path}" -H "Authorization: Bearer $STAFF_KEY"`, status: 200 },
  ],
  fetch: staffFetch(path, then),
});

/** A staff action on an order (POST …/orders/{id}/<action>, no body): its curl and fetch. */
const staffOrderAction = (
  action: string,
  curl: Omit<CurlSample, 'command'>,
  then: string,
): OperationSamples => ({
  curl: [
    {
      ...curl,
      command: `curl -X POST "$API_BASE_URL/api/staff/orders/$SHOP_ORDER_ID/${action}" \\
  -H "Authorization: Bearer $STAFF_KEY"`,
    },
  ],
  fetch: staffFetch(`/api/staff/orders/\${orderId}/${action}`, then, 'POST'),
});

export const samples: Record<string, OperationSamples> = {
  'GET /status': {
    curl: [{ command: 'curl "$API_BASE_URL/status"', status: 200 }],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/status\`);
const status = await response.json();
console.log(status.overallStatus); // "OPERATIONAL", "DEGRADED" or "OUTAGE"`,
  },
  'GET /plans': {
    curl: [{ command: 'curl "$API_BASE_URL/plans"', status: 200 }],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/plans\`);
const catalogue = await response.json();
const onSale = catalogue.plans.filter((plan) => plan.is_active);`,
  },
  'POST /purchase': {
    curl: [
      {
        comment: 'Reading 1 (purchase flow): operator + contactInfo, key in the x-api-key header',
        command: `curl -X POST "$API_BASE_URL/purchase" \\
  -H "x-api-key: $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"operator": "MPT", "contactInfo": "traveller@example.com"}'`,
        status: 201,
      },
      {
        comment: 'Reading 2 (audit API spec): planId + contactInfo, key as a bearer token',
        command: `curl -X POST "$API_BASE_URL/purchase" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"planId": "power-30", "contactInfo": "09123456789"}'`,
        status: 201,
      },
      {
        comment: 'Without a key the answer is 401 Unauthorized',
        command: `curl -X POST "$API_BASE_URL/purchase" -H "Content-Type: application/json" -d '{}'`,
        status: 401,
      },
    ],
    fetch: `// Run this on your server: the API key must never reach a browser.
const response = await fetch(\`\${process.env.API_BASE_URL}/purchase\`, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.API_KEY}\`, // or 'x-api-key': process.env.API_KEY
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(), // optional: a retry with the same key buys once
  },
  // Reading 1; reading 2 sends { planId: 'power-30', contactInfo } instead.
  body: JSON.stringify({ operator: 'MPT', contactInfo: 'traveller@example.com' }),
});
if (response.status === 401) throw new Error('Missing or invalid API key');
const body = await response.json();
if (response.status !== 201) throw new Error(body.error.message); // e.g. 422 plan_unavailable
// body.number is the bill reference; show body.mmqrPayload to the buyer as a QR code.
console.log(body.number, body.status, body.price, body.currency); // …, "awaiting_payment", 80000, "MMK"`,
  },
  'POST /v1/activate': {
    curl: [
      {
        comment:
          'ORDER_ID: the number (without #) or id POST /purchase answered. Until the order is paid: 409 conflict',
        command: `curl -X POST "$API_BASE_URL/v1/activate" \\
  -H "x-api-key: $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d "{\\"orderId\\": \\"$ORDER_ID\\"}"`,
        status: 409,
      },
    ],
    fetch: `const response = await fetch(\`\${process.env.API_BASE_URL}/v1/activate\`, {
  method: 'POST',
  headers: { 'x-api-key': process.env.API_KEY, 'Content-Type': 'application/json' },
  body: JSON.stringify({ orderId }), // the number or id from POST /purchase
});
const body = await response.json();
if (response.status === 409) console.log('Not paid yet:', body.error.message);
else if (response.ok) console.log(body.activation.state); // "requested"`,
  },
  'GET /v1/profile/{orderId}': {
    curl: [
      {
        comment: 'ORDER_ID: the number (without #) or id POST /purchase answered',
        command: `curl "$API_BASE_URL/v1/profile/$ORDER_ID" -H "x-api-key: $API_KEY"`,
        status: 200,
      },
      {
        comment: 'An order of another key, or none: 404',
        command: `curl "$API_BASE_URL/v1/profile/NXR-20000101-000000" -H "x-api-key: $API_KEY"`,
        status: 404,
      },
    ],
    fetch: `const response = await fetch(
  \`\${process.env.API_BASE_URL}/v1/profile/\${encodeURIComponent(orderId)}\`,
  { headers: { 'x-api-key': process.env.API_KEY } },
);
if (response.status === 404) throw new Error('No such order for this key');
const profile = await response.json();
console.log(profile.status, profile.activation.state); // "awaiting_payment", "not_requested"`,
  },
  'POST /api/orders': {
    curl: [
      {
        comment: "The shop's checkout (this website): the answer's token is shown once",
        command: `curl -X POST "$API_BASE_URL/api/orders" \\
  -H "Content-Type: application/json" \\
  -d '{"planId": "power-30", "operatorId": "mpt", "contact": "traveller@example.com", "language": "en"}'`,
        status: 201,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify({ planId: 'power-30', operatorId: 'mpt', contact, language: 'en' }),
});
const { order, token } = await response.json(); // keep the token with the order`,
  },
  'GET /api/orders/{id}': {
    curl: [
      {
        comment: 'SHOP_ORDER_ID and ORDER_TOKEN: order.id and token from POST /api/orders',
        command: `curl "$API_BASE_URL/api/orders/$SHOP_ORDER_ID" -H "X-Order-Token: $ORDER_TOKEN"`,
        status: 200,
      },
      {
        comment: 'A wrong or missing token is 404, as for an order that does not exist',
        command: `curl "$API_BASE_URL/api/orders/$SHOP_ORDER_ID" -H "X-Order-Token: wrong"`,
        status: 404,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}\`, {
  headers: { 'X-Order-Token': token },
});
const { order: current } = await response.json();`,
  },
  'POST /api/orders/{id}/receipt': {
    curl: [
      {
        comment: 'The screenshot as base64 (here a tiny PNG, which the demo AI reads as paid)',
        command: `curl -X POST "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/receipt" \\
  -H "X-Order-Token: $ORDER_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"image": {"mimeType": "image/png", "base64": "${TINY_PNG}"}, "language": "en"}'`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}/receipt\`, {
  method: 'POST',
  headers: {
    'X-Order-Token': token,
    'Idempotency-Key': crypto.randomUUID(), // a new one for each image
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ image: { mimeType: file.type, base64 }, language: 'en' }),
});
if (response.status === 503) retryAfter(response.headers.get('Retry-After'));
const { order: checked, verification } = await response.json(); // confirmed, or failed + reason`,
  },
  'PATCH /api/orders/{id}': {
    curl: [
      {
        comment: 'Correct a mistyped email before paying: same order, number and payment code',
        command: `curl -X PATCH "$API_BASE_URL/api/orders/$SHOP_ORDER_ID" \\
  -H "X-Order-Token: $ORDER_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"contact": "traveller@gmail.com"}'`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}\`, {
  method: 'PATCH',
  headers: { 'X-Order-Token': token, 'Content-Type': 'application/json' },
  body: JSON.stringify({ contact }),
});
if (response.status === 409) showOrderState(); // paid, cancelled or expired meanwhile
const { order: changed } = await response.json();`,
  },
  'POST /api/orders/{id}/cancel': {
    curl: [
      {
        comment: 'The order the receipt example paid: a paid order is never cancelled (409)',
        command: `curl -X POST "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/cancel" \\
  -H "X-Order-Token: $ORDER_TOKEN"`,
        status: 409,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}/cancel\`, {
  method: 'POST',
  headers: { 'X-Order-Token': token },
});
const { order: cancelled } = await response.json(); // status: 'cancelled'`,
  },
  'GET /api/staff/orders': {
    curl: [
      {
        command: `curl "$API_BASE_URL/api/staff/orders?limit=20" \\
  -H "Authorization: Bearer $STAFF_KEY"`,
        status: 200,
      },
      {
        comment: 'A partner key is not a staff key: 403',
        command: `curl "$API_BASE_URL/api/staff/orders" -H "Authorization: Bearer $API_KEY"`,
        status: 403,
      },
    ],
    fetch: staffFetch(
      '/api/staff/orders?limit=50',
      'const { orders } = await response.json(); // newest first; the next page: ?before=<last createdAt>',
    ),
  },
  'POST /api/staff/orders/{id}/resend': staffOrderAction(
    'resend',
    {
      comment: 'An order without an eSIM yet (here: waiting for stock) has nothing to send: 409',
      status: 409,
    },
    '// 202 { queued: true }: the outbox sends it, with retries',
  ),
  'POST /api/staff/orders/{id}/withdraw': staffOrderAction(
    'withdraw',
    { comment: 'An order without a profile has nothing to withdraw: 409', status: 409 },
    "const { order } = await response.json(); // order.deliveryState === 'withdrawn'",
  ),
  'GET /api/staff/orders/{id}/events': {
    curl: [
      {
        comment: 'Who changed the order, from what to what, when and on what evidence',
        command: `curl "$API_BASE_URL/api/staff/orders/$SHOP_ORDER_ID/events" -H "Authorization: Bearer $STAFF_KEY"`,
        status: 200,
      },
    ],
    fetch: staffFetch(
      '/api/staff/orders/${orderId}/events',
      'const { events } = await response.json(); // oldest first: { seq, event, from, to, actor, at, evidence }',
    ),
  },
  'GET /api/staff/stock': staffGet(
    '/api/staff/stock',
    'const { stock, waitingOrders } = await response.json();',
  ),
  'POST /api/staff/stock': {
    curl: [
      {
        comment: 'A file with any problem is refused whole, every problem with its line: 422',
        command: `curl -X POST "$API_BASE_URL/api/staff/stock" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: text/csv" \\
  --data-binary $'operator,plan,iccid,activation_code\\nMPT,power-30,8995010000000000018,LPA:1$smdp.example.com$K2-1\\nTelenor,power-30,8995010000000000027,LPA:1$smdp.example.com$K2-2\\n'`,
        status: 422,
      },
      {
        comment: 'Profiles from a file (usually: --data-binary @stock.csv)',
        command: `curl -X POST "$API_BASE_URL/api/staff/stock" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: text/csv" \\
  --data-binary $'operator,plan,iccid,activation_code\\nMPT,power-30,8995010000000000019,LPA:1$smdp.example.com$K2-1\\nMPT,power-30,8995010000000000027,LPA:1$smdp.example.com$K2-2\\n'`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/staff/stock\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${staffKey}\`, 'Content-Type': 'text/csv' },
  body: await file.text(),
});
// 200 { imported, deliveredWaiting } or 422 { error: { code: 'invalid_csv', details: [{ line, problem }] } }`,
  },
  'POST /api/payments/notifications': {
    curl: [
      {
        comment:
          'Sign "<t>.<body>" with PAYMENT_NOTIFY_SECRET; an order the shop does not know is kept for staff (202)',
        command: `BODY='{"eventId":"evt_docs_1","transactionId":"KBZ 0001 2345","orderNumber":"#NXR-20260101-000000","amount":80000,"currency":"MMK","paidAt":"2026-11-23T10:01:00Z"}'
T=$(date +%s)
SIG=$(printf '%s' "$T.$BODY" | openssl dgst -sha256 -hmac "$PAYMENT_NOTIFY_SECRET" | sed 's/^.* //')
curl -X POST "$API_BASE_URL/api/payments/notifications" \\
  -H "Content-Type: application/json" \\
  -H "X-Payment-Signature: t=$T,v1=$SIG" \\
  -d "$BODY"`,
        status: 202,
      },
    ],
    fetch: `import { createHmac } from 'node:crypto';

const body = JSON.stringify({
  eventId: 'evt_0001',
  transactionId: '0123 4567 8901',
  orderNumber: '#NXR-20261123-163000',
  amount: 80000,
  currency: 'MMK',
  paidAt: new Date().toISOString(),
});
const t = Math.floor(Date.now() / 1000);
const v1 = createHmac('sha256', process.env.PAYMENT_NOTIFY_SECRET).update(\`\${t}.\${body}\`).digest('hex');
const response = await fetch(\`\${API_BASE_URL}/api/payments/notifications\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Payment-Signature': \`t=\${t},v1=\${v1}\` },
  body, // exactly the bytes that were signed
});
console.log(response.status); // 200 paid, 202 kept for staff, 409 transaction_reused`,
  },
  'GET /api/staff/setup': staffGet(
    '/api/staff/setup',
    "const { warnings } = await response.json(); // [] once the merchant ids are the bank's",
  ),
  'POST /api/orders/lookup': {
    curl: [
      {
        comment: 'The same answer whether or not the address has orders',
        command: `curl -X POST "$API_BASE_URL/api/orders/lookup" \\
  -H "Content-Type: application/json" \\
  -d '{"email": "traveller@example.com", "language": "en"}'`,
        status: 202,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/lookup\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email, language: 'my' }),
});
// 202 { queued: true } always; 429 with Retry-After past 3 an hour per address`,
  },
  'GET /api/staff/reconciliation': staffGet(
    '/api/staff/reconciliation',
    'const { counts, orders, unmatched } = await response.json(); // counts.suspect: paid, not on the statement',
  ),
  'POST /api/staff/reconciliation/statement': {
    curl: [
      {
        comment: 'A file with any problem is refused whole, every problem with its line: 422',
        command: `curl -X POST "$API_BASE_URL/api/staff/reconciliation/statement" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: text/csv" \\
  --data-binary $'transaction_id,amount,paid_at,payer,reference\\nKBZ-0001-2345,eighty,2026-11-23T16:31:00+06:30,Ko Aung,\\n'`,
        status: 422,
      },
      {
        comment: 'The merchant account statement (usually: --data-binary @statement.csv)',
        command: `curl -X POST "$API_BASE_URL/api/staff/reconciliation/statement" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: text/csv" \\
  --data-binary $'transaction_id,amount,paid_at,payer,reference\\nKBZ-0001-2346,"80,000 Ks",2026-11-23T16:31:00+06:30,Ko Aung,NXR-20261123-163000\\n'`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/staff/reconciliation/statement\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${staffKey}\`, 'Content-Type': 'application/json' },
  // Another bank's export: its column names and date format.
  body: JSON.stringify({
    csv: await file.text(),
    mapping: {
      columns: { transaction_id: 'Txn ID', amount: 'Credit', paid_at: 'Date' },
      dateFormat: 'DD/MM/YYYY HH:mm',
    },
  }),
});
const result = await response.json(); // { imported, confirmed, mismatch, unmatched, suspect, released, ... }`,
  },
  'POST /api/staff/orders/{id}/confirm-payment': staffOrderAction(
    'confirm-payment',
    { comment: 'Staff saw the payment on the merchant account', status: 200 },
    "const { order } = await response.json(); // order.bankState === 'confirmed'; a held eSIM has left",
  ),
  'POST /api/staff/orders/{id}/reject-payment': {
    curl: [
      {
        comment: 'No such payment on the account: the eSIM is withdrawn, the reason kept',
        command: `curl -X POST "$API_BASE_URL/api/staff/orders/$SHOP_ORDER_ID/reject-payment" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"reason": "Not on the statement of 23 Nov"}'`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/staff/orders/\${orderId}/reject-payment\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${staffKey}\`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ reason: 'Not on the statement of 23 Nov' }),
});
const { order } = await response.json(); // order.deliveryState === 'withdrawn'`,
  },
  'POST /gsma/rsp2/es2plus/handleDownloadProgressInfo': {
    curl: [
      {
        comment: 'Only an SM-DP+ with its ES2PLUS_<OP>_CALLBACK_TOKEN is heard: 401 without it',
        command: `curl -X POST "$API_BASE_URL/gsma/rsp2/es2plus/handleDownloadProgressInfo" \\
  -H "Content-Type: application/json" -H "X-Admin-Protocol: gsma/rsp/v2.5.0" \\
  -d '{"header":{"functionRequesterIdentifier":"smdp","functionCallIdentifier":"1"},"iccid":"8995060000000000017","profileType":"ATOM-POWER-30","timestamp":"2026-11-23T10:05:00Z","notificationPointId":4,"notificationPointStatus":{"status":"Executed-Success"}}'`,
        status: 401,
      },
    ],
    fetch: `// Called by the operator's SM-DP+, not by a partner: its configuration names this URL and the token.
const response = await fetch(\`\${API_BASE_URL}/gsma/rsp2/es2plus/handleDownloadProgressInfo\`, {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    'X-Admin-Protocol': 'gsma/rsp/v2.5.0',
    Authorization: \`Bearer \${callbackToken}\`,
  },
  body: JSON.stringify({ header, iccid, profileType, timestamp, notificationPointId: 4, notificationPointStatus: { status: 'Executed-Success' } }),
});
// 204, also for a repeat or an unknown ICCID`,
  },
  'POST /api/orders/{id}/payments': {
    curl: [
      {
        comment: 'By card on 2C2P’s page (PAYMENT_METHODS=2c2p); a server without it answers 422',
        command: `curl -X POST "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/payments" \\
  -H "X-Order-Token: $ORDER_TOKEN" -H "Content-Type: application/json" \\
  -d '{"method": "2c2p", "language": "en"}'`,
        status: 422,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}/payments\`, {
  method: 'POST',
  headers: {
    'X-Order-Token': token,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ method: '2c2p', language: 'en' }),
});
const started = await response.json();
if (started.redirectUrl) location.assign(started.redirectUrl); // 2C2P's hosted card page
// kbzpay: draw started.qrPayload as a QR code; the stream tells when it is paid`,
  },
  'GET /api/orders/{id}/stream': {
    curl: [
      {
        comment: 'Follow the order (-N: no buffering); a wrong token is 404',
        command: `curl -N "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/stream?token=wrong"`,
        status: 404,
      },
    ],
    fetch: `const events = new EventSource(\`\${API_BASE_URL}/api/orders/\${order.id}/stream?token=\${token}\`);
events.addEventListener('order', (event) => {
  const { order: current } = JSON.parse(event.data);
  if (current.delivery.esim) events.close(); // paid and delivered: show the eSIM
});
events.onerror = () => {}; // EventSource reconnects; ask GET /api/orders/{id} meanwhile`,
  },
  'POST /api/payments/2c2p/notify': {
    curl: [
      {
        comment:
          'Sent by 2C2P; a server without PAYMENT_METHODS=2c2p answers 404, a forged JWT 401',
        command: `curl -X POST "$API_BASE_URL/api/payments/2c2p/notify" \\
  -H "Content-Type: application/json" -d '{"payload": "eyJhbGciOiJub25lIn0.e30."}'`,
        status: 404,
      },
    ],
    fetch: `// 2C2P calls this (backendReturnUrl); to try it against the test fake, sign as 2C2P does:
import { createHmac } from 'node:crypto';
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const unsigned = \`\${part({ alg: 'HS256', typ: 'JWT' })}.\${part({ merchantID, invoiceNo, amount: '19.00', currencyCode: 'USD', tranRef, respCode: '0000' })}\`;
const payload = \`\${unsigned}.\${createHmac('sha256', secretKey).update(unsigned).digest('base64url')}\`;
const response = await fetch(\`\${API_BASE_URL}/api/payments/2c2p/notify\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ payload }),
});
const { outcome } = await response.json(); // 'paid' only once 2C2P's inquiry agrees`,
  },
  'POST /api/payments/kbzpay/notify': {
    curl: [
      {
        comment:
          'Sent by KBZPay; a server without PAYMENT_METHODS=kbzpay answers 404, a wrong sign 401',
        command: `curl -X POST "$API_BASE_URL/api/payments/kbzpay/notify" \\
  -H "Content-Type: application/json" -d '{"Request": {"merch_order_id": "1", "sign": "0"}}'`,
        status: 404,
      },
    ],
    fetch: `// KBZPay calls this (notify_url); to try it against the test fake, sign as KBZPay does:
import { createHash } from 'node:crypto';
const fields = { merch_code, merch_order_id, total_amount: '80000', trans_currency: 'MMK', trade_status: 'PAY_SUCCESS', mm_order_id, nonce_str, appid };
const base = Object.keys(fields).sort().map((key) => \`\${key}=\${fields[key]}\`).join('&');
const sign = createHash('sha256').update(\`\${base}&key=\${appKey}\`).digest('hex').toUpperCase();
const response = await fetch(\`\${API_BASE_URL}/api/payments/kbzpay/notify\`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ Request: { ...fields, sign_type: 'SHA256', sign } }),
});
console.log(await response.text()); // success`,
  },
  'GET /api/payments/2c2p/return/{invoiceNo}': {
    curl: [
      {
        comment:
          'The buyer’s browser back from 2C2P: a 303 to the order page (404 when 2C2P is off)',
        command: `curl "$API_BASE_URL/api/payments/2c2p/return/000000000000"`,
        status: 404,
      },
    ],
    fetch: `// Opened by the buyer's browser (2C2P's frontendReturnUrl); it never pays by itself.`,
  },
  'POST /api/payments/2c2p/return/{invoiceNo}': {
    curl: [
      {
        comment: '2C2P posts paymentResponse (unsigned): the server asks its inquiry, then 303',
        command: `curl -X POST "$API_BASE_URL/api/payments/2c2p/return/000000000000" \\
  -d 'paymentResponse=eyJyZXNwQ29kZSI6IjIwMDAifQ'`,
        status: 404,
      },
    ],
    fetch: `// Posted by the buyer's browser from 2C2P's page; it never pays by itself.`,
  },
  'GET /api/orders/{id}/request': {
    curl: [
      {
        comment:
          "The order's latest refund or replacement request and the policy's answer (or null)",
        command: `curl "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/request" -H "X-Order-Token: $ORDER_TOKEN"`,
        status: 200,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}/request\`, {
  headers: { 'X-Order-Token': token },
});
const { request } = await response.json(); // null, or { kind, reason, state, answer… }`,
  },
  'POST /api/orders/{id}/request': {
    curl: [
      {
        comment:
          'The order the receipt example paid, then staff rejected: a request needs a paid order (409)',
        command: `curl -X POST "$API_BASE_URL/api/orders/$SHOP_ORDER_ID/request" \\
  -H "X-Order-Token: $ORDER_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"kind": "refund", "reason": "plans_changed", "note": "My trip was cancelled."}'`,
        status: 201,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/orders/\${order.id}/request\`, {
  method: 'POST',
  headers: { 'X-Order-Token': token, 'Content-Type': 'application/json' },
  body: JSON.stringify({ kind: 'refund', reason: 'plans_changed', note, email }),
});
const { request } = await response.json(); // 409: not_paid, request_open or order_closed`,
  },
  'GET /api/staff/requests': staffGet(
    '/api/staff/requests',
    'const { requests } = await response.json(); // with the order, its events, payment and install state',
  ),
  'POST /api/staff/requests/{id}/approve': {
    curl: [
      {
        comment: 'REQUEST_ID from GET /api/staff/requests (an unknown id is 404, as here)',
        command: `curl -X POST "$API_BASE_URL/api/staff/requests/00000000-0000-4000-8000-000000000000/approve" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"action": "refund", "bankReference": "KBZ-20261128-0042"}'`,
        status: 404,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/staff/requests/\${requestId}/approve\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${staffKey}\`, 'Content-Type': 'application/json' },
  // A manual (MMQR or bank) refund needs the bank's reference; a card goes back through 2C2P.
  body: JSON.stringify({ action: 'refund', bankReference }),
});
const { request } = await response.json();`,
  },
  'POST /api/staff/requests/{id}/refuse': {
    curl: [
      {
        comment: 'REQUEST_ID from GET /api/staff/requests (an unknown id is 404, as here)',
        command: `curl -X POST "$API_BASE_URL/api/staff/requests/00000000-0000-4000-8000-000000000000/refuse" \\
  -H "Authorization: Bearer $STAFF_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"reason": "The eSIM was installed 40 days ago."}'`,
        status: 404,
      },
    ],
    fetch: `const response = await fetch(\`\${API_BASE_URL}/api/staff/requests/\${requestId}/refuse\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${staffKey}\`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ reason }), // the buyer reads it
});
const { request } = await response.json();`,
  },
  'POST /api/staff/requests/{id}/check': {
    curl: [
      {
        comment: 'Asks the provider again about a pending refund (an unknown id is 404, as here)',
        command: `curl -X POST "$API_BASE_URL/api/staff/requests/00000000-0000-4000-8000-000000000000/check" \\
  -H "Authorization: Bearer $STAFF_KEY"`,
        status: 404,
      },
    ],
    fetch: staffFetch(
      '/api/staff/requests/${requestId}/check',
      'const { request } = await response.json(); // the refund final, or still pending',
      'POST',
    ),
  },
};
