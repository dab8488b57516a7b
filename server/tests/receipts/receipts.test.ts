import { describe, expect, it } from 'vitest';
import { receiptPrompt, receiptResponseSchema } from '#domain/receipt-prompt';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { loadConfig } from '../../src/config';
import {
  createOrder,
  heldAnswer,
  modelAnswer,
  RECEIPT_IMAGE,
  readingAnswer,
  submitReceipt,
  readOrder,
} from '../support/shop';
import { createTestApp, T0, testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;
type Answer = { order: Row; verification: Row };

describe(`receipts (${testStore})`, () => {
  const t = useTestApp({ env: { STAFF_WEBHOOK_URL: 'http://127.0.0.1:9/staff-hook' } });
  const { gemini } = t;

  const rows = sqlRows(t);

  it('asks Gemini with the image and the shared prompt, confirms, and records payment, order and outbox at once', async () => {
    const created = await createOrder(t);
    gemini.answer(readingAnswer());
    t.clock.advance(2 * 60_000);
    const response = await submitReceipt(t, created);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.verification).toEqual({
      status: 'confirmed',
      transactionId: '0123 4567 8901',
      transactionTime: T0 + 60_000,
      verifiedAt: T0 + 2 * 60_000,
      // The reading shows the shop as the payee (a merchant payment to its MMQR code).
      payeeShown: true,
    });
    expect(answer.order).toMatchObject({
      status: 'paid',
      transactionId: '0123 4567 8901',
      paidAt: T0 + 2 * 60_000,
    });

    expect(gemini.calls).toHaveLength(1);
    const call = gemini.calls[0]!;
    expect(call.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    const parts = call.body.contents[0]!.parts;
    expect(parts[0]).toEqual({ inlineData: { mimeType: 'image/png', data: RECEIPT_IMAGE.base64 } });
    // The model is only asked to read: nothing it could echo back (order, amount, time).
    expect(parts).toHaveLength(2);
    expect(parts[1]?.text).toBe(receiptPrompt({ language: 'en' }));
    expect(parts[1]?.text).not.toContain(created.order.number);
    expect(parts[1]?.text).not.toContain('80000');
    expect(call.body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: receiptResponseSchema,
      temperature: 0,
    });

    expect(await rows('SELECT transaction_id, order_id, amount FROM payments')).toEqual([
      { transaction_id: '012345678901', order_id: created.order.id, amount: 80_000 },
    ]);
    const outbox = await rows("SELECT kind, payload FROM outbox WHERE kind = 'order.paid'");
    expect(outbox).toEqual([
      {
        kind: 'order.paid',
        payload: expect.objectContaining({
          event: 'order.paid',
          orderId: created.order.id,
          number: created.order.number,
        }),
      },
    ]);
    expect(JSON.stringify(outbox)).not.toContain('traveller@example.com');
    expect(await rows('SELECT task, ok FROM ai_health')).toEqual([{ task: 'receipt', ok: true }]);
    expect(await readOrder(t, created)).toEqual(answer.order);
  });

  it('confirms with the demo answers when the server runs without a Gemini key', async () => {
    const demo = await createTestApp({
      database: t.database,
      env: { AI_MODE: 'demo' },
      aiFetch: createAiFetch(loadConfig({ AI_MODE: 'demo' })),
    });
    const created = await createOrder(demo);
    const answer = (await (await submitReceipt(demo, created)).json()) as Answer;
    expect(answer.verification).toMatchObject({
      status: 'confirmed',
      transactionId: 'DEMO1123163000',
    });
    expect(await rows('SELECT verified_by FROM orders')).toEqual([{ verified_by: 'demo' }]);
    // No staff webhook on this server: no paid-order notice that nothing would ever send.
    expect(await rows("SELECT kind FROM outbox WHERE kind = 'order.paid'")).toEqual([]);
  });

  it('never keeps the receipt image anywhere in the database', async () => {
    const created = await createOrder(t);
    gemini.answer(readingAnswer());
    await submitReceipt(t, created, { 'Idempotency-Key': 'receipt-attempt-1' });
    const tables = ['orders', 'payments', 'outbox', 'idempotency_keys', 'ai_health'];
    for (const table of tables) {
      expect(JSON.stringify(await rows(`SELECT * FROM ${table}`))).not.toContain(
        RECEIPT_IMAGE.base64,
      );
    }
  });

  it('answers a paid order with its stored confirmation, without asking the model again', async () => {
    const created = await createOrder(t);
    gemini.answer(readingAnswer());
    const first = (await (await submitReceipt(t, created)).json()) as Answer;
    const again = await submitReceipt(t, created);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(gemini.calls).toHaveLength(1);
  });

  it('refuses a receipt the rules reject, keeps the reason, and lets the buyer try again', async () => {
    const created = await createOrder(t);
    gemini.answer(readingAnswer({ amount: 8_000 }));
    const refused = (await (await submitReceipt(t, created)).json()) as Answer;
    expect(refused.verification).toEqual({
      status: 'failed',
      reason: { code: 'amountMismatch', paid: 8_000, currency: 'MMK' },
    });
    expect(refused.order.status).toBe('awaiting_payment');
    expect(await rows('SELECT last_failure FROM orders')).toEqual([
      { last_failure: { code: 'amountMismatch', paid: 8_000, currency: 'MMK' } },
    ]);
    expect(await rows('SELECT * FROM payments')).toEqual([]);

    gemini.answer(readingAnswer());
    const retried = (await (await submitReceipt(t, created)).json()) as Answer;
    expect(retried.verification.status).toBe('confirmed');
  });

  it('answers an unreadable model answer as a failed verification', async () => {
    const created = await createOrder(t);
    gemini.answer(() => modelAnswer('I think this receipt looks fine'));
    const answer = (await (await submitReceipt(t, created)).json()) as Answer;
    expect(answer.verification).toEqual({ status: 'failed', reason: { code: 'unreadable' } });
    expect(answer.order.status).toBe('awaiting_payment');
  });

  it('refuses a transaction id that already paid another order (reused)', async () => {
    const first = await createOrder(t);
    const second = await createOrder(t, { contact: 'someone@example.com' });
    gemini.answer(readingAnswer());
    expect(((await (await submitReceipt(t, first)).json()) as Answer).verification.status).toBe(
      'confirmed',
    );
    gemini.answer(readingAnswer({ transactionId: '012345678901' })); // same id, other spacing
    const answer = (await (await submitReceipt(t, second)).json()) as Answer;
    expect(answer.verification).toEqual({
      status: 'failed',
      reason: { code: 'reused', transactionId: '012345678901' },
    });
    expect(answer.order.status).toBe('awaiting_payment');
    expect(await rows('SELECT order_id FROM payments')).toEqual([{ order_id: first.order.id }]);
  });

  it.each([
    [
      '429',
      () =>
        new Response('{"error":{"code":429}}', { status: 429, headers: { 'Retry-After': '7' } }),
      '7',
    ],
    ['500', () => new Response('{"error":{"code":500}}', { status: 500 }), '10'],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed')), '10'],
  ])(
    'answers Gemini %s with 503 ai_unavailable, loses nothing, and the retry succeeds',
    async (_, failure, retryAfter) => {
      const created = await createOrder(t);
      gemini.answer(failure);
      const response = await submitReceipt(t, created, { 'Idempotency-Key': 'receipt-attempt-1' });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(retryAfter);
      expect(await response.json()).toMatchObject({ error: { code: 'ai_unavailable' } });
      expect((await readOrder(t, created)).status).toBe('awaiting_payment');
      expect(await rows('SELECT status, verifying_since FROM orders')).toEqual([
        { status: 'awaiting_payment', verifying_since: null },
      ]);
      expect(await rows('SELECT task, ok FROM ai_health')).toEqual([
        { task: 'receipt', ok: false },
      ]);

      gemini.answer(readingAnswer());
      const retried = await submitReceipt(t, created, { 'Idempotency-Key': 'receipt-attempt-1' });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(((await retried.json()) as Answer).verification.status).toBe('confirmed');
    },
  );

  it('answers 409 receipt_in_progress while a check of the order runs', async () => {
    const created = await createOrder(t);
    const held = heldAnswer(readingAnswer());
    gemini.answer(held.script);
    const first = submitReceipt(t, created);
    await held.arrived;
    const second = await submitReceipt(t, created);
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(await second.json()).toMatchObject({ error: { code: 'receipt_in_progress' } });
    expect((await readOrder(t, created)).status).toBe('verifying');
    held.release();
    expect(((await (await first).json()) as Answer).verification.status).toBe('confirmed');
  });

  it('replays a repeated Idempotency-Key, 409s it while running, 422s it with another body', async () => {
    const created = await createOrder(t);
    const key = { 'Idempotency-Key': 'receipt-attempt-2' };
    const held = heldAnswer(readingAnswer());
    gemini.answer(held.script);
    const first = submitReceipt(t, created, key);
    await held.arrived;
    const whileRunning = await submitReceipt(t, created, key);
    expect(whileRunning.status).toBe(409);
    expect(await whileRunning.json()).toMatchObject({ error: { code: 'conflict' } });
    held.release();
    const firstAnswer = await (await first).json();

    const replay = await submitReceipt(t, created, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstAnswer);

    const other = await submitReceipt(t, created, key, {
      image: { mimeType: 'image/jpeg', base64: '/9j/4AAQSkZJRgABAQAAAQ==' },
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_conflict' } });
    expect(gemini.calls).toHaveLength(1);
  });

  it('takes a late receipt for a payment made inside the window, refuses one made after it', async () => {
    const created = await createOrder(t);
    t.clock.advance(3 * 60 * 60_000); // the code expired hours ago
    expect((await readOrder(t, created)).status).toBe('expired');

    gemini.answer(readingAnswer({ transactionTime: new Date(T0 + 20 * 60_000).toISOString() }));
    const late = await submitReceipt(t, created);
    // The shared receipt rules refuse it (afterExpiry) like any refused receipt: a 200, and the
    // order open again for a receipt of the payment made in time.
    expect(late.status).toBe(200);
    expect(((await late.json()) as Answer).verification).toEqual({
      status: 'failed',
      reason: { code: 'afterExpiry' },
    });
    expect((await readOrder(t, created)).status).toBe('expired');

    gemini.answer(readingAnswer({ transactionTime: new Date(T0 + 9 * 60_000).toISOString() }));
    const inWindow = (await (await submitReceipt(t, created)).json()) as Answer;
    expect(inWindow.verification.status).toBe('confirmed');
    expect(inWindow.order.status).toBe('paid');
  });

  it('refuses any receipt long after expiry (409 order_expired) without asking the model', async () => {
    const created = await createOrder(t);
    t.clock.advance(13 * 60 * 60_000);
    const response = await submitReceipt(t, created);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'order_expired',
        message: 'This order’s payment code has expired. Please start a new purchase.',
      },
    });
    expect(gemini.calls).toHaveLength(0);
  });

  it('answers a wrong order token with 404 and asks nothing', async () => {
    const created = await createOrder(t);
    const response = await submitReceipt(t, { ...created, token: 'x'.repeat(43) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(gemini.calls).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"image": {', 400, 'invalid_json'],
    [
      'a wrong type',
      { image: { mimeType: 'image/gif', base64: RECEIPT_IMAGE.base64 } },
      400,
      'validation_failed',
    ],
    [
      'an image that is not base64',
      { image: { mimeType: 'image/png', base64: 'not base64 at all!' } },
      400,
      'validation_failed',
    ],
    [
      'a body over 4 MB',
      { image: { mimeType: 'image/png', base64: 'A'.repeat(4 * 1024 * 1024) } },
      413,
      'payload_too_large',
    ],
  ])('answers %s in the error shape, and the order stays open', async (_, body, status, code) => {
    const created = await createOrder(t);
    const response = await submitReceipt(t, created, {}, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    expect((await readOrder(t, created)).status).toBe('awaiting_payment');
    expect(gemini.calls).toHaveLength(0);
  });
});

describe(`receipts when Gemini does not answer in time (${testStore})`, () => {
  const t = useTestApp({ env: { RECEIPT_TIMEOUT_MS: '150' } });
  const { gemini } = t;

  it('gives up at the time limit with 503 ai_unavailable, and the order can be checked again', async () => {
    const created = await createOrder(t);
    gemini.answer(heldAnswer(readingAnswer()).script); // never released: only the limit ends it
    const response = await submitReceipt(t, created);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'ai_unavailable' } });
    const [health] = await t.database.rawTransaction((tx) =>
      tx.query<Row>('SELECT ok, message FROM ai_health'),
    );
    expect(health).toEqual({ ok: false, message: 'The AI service did not answer in time' });

    gemini.answer(readingAnswer());
    const retried = (await (await submitReceipt(t, created)).json()) as Answer;
    expect(retried.verification.status).toBe('confirmed');
  });
});
