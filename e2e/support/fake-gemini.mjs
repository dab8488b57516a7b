#!/usr/bin/env node
/**
 * A tiny stand-in for Gemini's REST API at the server's outgoing side (GEMINI_BASE_URL), for the
 * server-mode journey: every `:generateContent` answers with a scripted receipt reading (paid
 * 80,000 MMK, two minutes ago, the current transaction id). `PUT /__receipt` with
 * `{ "transactionId": "…" }` sets the id the next readings report; `GET /__calls` counts the
 * calls and tells whether each carried the server's key. Listens on 127.0.0.1:$FAKE_GEMINI_PORT.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';

const port = Number(process.env.FAKE_GEMINI_PORT ?? 8801);
let transactionId = `0100${randomUUID().replace(/\D/g, '').slice(0, 10)}`;
const calls = [];

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
    transactionId = JSON.parse(body).transactionId;
    return send(response, 200, { transactionId });
  }
  if (url.pathname === '/__calls') return send(response, 200, { calls });
  if (request.method === 'POST' && url.pathname.endsWith(':generateContent')) {
    calls.push({ path: url.pathname, key: request.headers['x-goog-api-key'] ?? null });
    const reading = {
      isPaymentConfirmed: true,
      reason: 'The payment was successful.',
      transactionId,
      amount: 80_000,
      currency: 'MMK',
      transactionTime: new Date(Date.now() - 2 * 60_000).toISOString(),
      status: 'SUCCESS',
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
