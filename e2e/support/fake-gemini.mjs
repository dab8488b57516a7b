#!/usr/bin/env node
/**
 * A tiny stand-in for Gemini's REST API at the server's outgoing side (GEMINI_BASE_URL), for the
 * server-mode journey: every `:generateContent` answers with a scripted receipt reading (paid
 * 80,000 MMK to the shop's merchant account, two minutes ago, the current transaction id). `PUT /__receipt` with
 * `{ "transactionId": "…" }` sets the id the next readings report; `GET /__calls` counts the
 * calls and tells whether each carried the server's key. Listens on 127.0.0.1:$FAKE_GEMINI_PORT.
 * A journey that runs beside another gives its receipt a height of its own and scripts its id
 * for that height only (`{ "transactionId": "…", "forHeight": 640 }`), so that neither changes
 * what the other's readings report. `"reading": { … }` beside them overrides other fields of
 * that height's readings (e.g. `payeeName`, `paymentKind`, `reference`: issue #23).
 * A slow check (issue #24): `{ "forHeight": 650, "hold": true }` makes the readings of that height
 * wait until `PUT /__release` with `{ "forHeight": 650 }` (no timer: the journey decides when).
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const port = Number(process.env.FAKE_GEMINI_PORT ?? 8801);
let transactionId = `0100${randomUUID().replace(/\D/g, '').slice(0, 10)}`;
const calls = [];
/** Transaction ids (and other reading fields) scripted for receipts of one image height (px). */
const byHeight = new Map();
/** Heights whose readings wait for a release, and the readings waiting. */
const held = new Set();
const waiting = new Map();

/** The height of a PNG or WebP image (what the browser sends), or null. */
function imageHeight(base64) {
  const bytes = Buffer.from(base64 ?? '', 'base64');
  if (bytes.length < 30) return null;
  if (bytes.toString('ascii', 1, 4) === 'PNG') return bytes.readUInt32BE(20);
  if (bytes.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return bytes.readUInt16LE(28) & 0x3fff;
  if (chunk === 'VP8L') return ((bytes.readUInt32LE(21) >> 14) & 0x3fff) + 1;
  if (chunk === 'VP8X') return bytes.readUIntLE(27, 3) + 1;
  return null;
}

function heightOf(body) {
  try {
    const parts = JSON.parse(body).contents?.[0]?.parts ?? [];
    return imageHeight(parts.find((part) => part.inlineData)?.inlineData?.data);
  } catch {
    return null;
  }
}

/** Resolves at once, or when the height's hold is released. */
function released(height) {
  if (!held.has(height)) return Promise.resolve();
  return new Promise((resolve) => {
    const list = waiting.get(height) ?? [];
    list.push(resolve);
    waiting.set(height, list);
  });
}

const send = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  const body = await readBody(request);
  if (url.pathname === '/__receipt' && request.method === 'PUT') {
    const scripted = JSON.parse(body);
    if (typeof scripted.forHeight === 'number') {
      byHeight.set(scripted.forHeight, {
        transactionId: scripted.transactionId,
        reading: scripted.reading ?? {},
      });
      if (scripted.hold) held.add(scripted.forHeight);
      else held.delete(scripted.forHeight);
      return send(response, 200, scripted);
    }
    transactionId = scripted.transactionId;
    return send(response, 200, { transactionId });
  }
  if (url.pathname === '/__release' && request.method === 'PUT') {
    const { forHeight } = JSON.parse(body);
    held.delete(forHeight);
    const list = waiting.get(forHeight) ?? [];
    waiting.delete(forHeight);
    for (const resolve of list) resolve();
    return send(response, 200, { released: list.length });
  }
  if (url.pathname === '/__waiting') {
    return send(response, 200, {
      waiting: waiting.get(Number(url.searchParams.get('height')))?.length ?? 0,
    });
  }
  if (url.pathname === '/__calls') return send(response, 200, { calls });
  if (request.method === 'POST' && url.pathname.endsWith(':generateContent')) {
    calls.push({ path: url.pathname, key: request.headers['x-goog-api-key'] ?? null });
    const height = heightOf(body);
    await released(height);
    const script = byHeight.get(height) ?? { transactionId, reading: {} };
    const reading = {
      isPaymentConfirmed: true,
      reason: 'The payment was successful.',
      transactionId: script.transactionId,
      amount: 80_000,
      currency: 'MMK',
      transactionTime: new Date(Date.now() - 2 * 60_000).toISOString(),
      status: 'SUCCESS',
      // The shop's merchant account as the payee (the API's default MMQR name): delivered at
      // once under the first API's `limit` policy; a journey scripts `payeeName: null` to be held.
      payeeName: 'ESIM MYANMAR',
      paymentKind: 'merchant',
      ...script.reading,
    };
    return send(response, 200, {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: JSON.stringify(reading) }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
    });
  }
  return send(response, 404, { error: { code: 404, message: `No ${url.pathname} here` } });
});

server.listen(port, '127.0.0.1', () => console.log(`fake Gemini on http://127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close(() => process.exit(0)));
