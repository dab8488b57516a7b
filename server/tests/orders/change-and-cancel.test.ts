import { describe, expect, it } from 'vitest';
import {
  createOrder,
  heldAnswer,
  readingAnswer,
  submitReceipt,
  type Created,
  readOrder,
  payOrder,
} from '../support/shop';
import { testStore, truncateAll, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string } };

/** Issue #15 item 1, decision 055: the buyer corrects the contact or cancels before paying. */
describe(`change the contact, cancel the order (${testStore})`, () => {
  const t = useTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', SHOP_URL: 'https://t.example' } });
  const { gemini } = t;

  const rows = sqlRows(t);
  const token = (created: Created) => ({ 'X-Order-Token': created.token });
  const change = (
    created: Created,
    contact: unknown,
    headers: Record<string, string> = token(created),
  ) => t.call('PATCH', `/api/orders/${created.order.id}`, { contact }, headers);
  const cancel = (created: Created, headers: Record<string, string> = token(created)) =>
    t.call('POST', `/api/orders/${created.order.id}/cancel`, undefined, headers);
  const pay = (created: Created) => {
    gemini.answer(readingAnswer());
    t.clock.advance(2 * 60_000);
    return payOrder<{ order: Row; verification: Row }>(t, created);
  };

  it('corrects the contact of the same order, and the eSIM email goes to the new address', async () => {
    const created = await createOrder(t, { contact: 'travler@gmial.com' });
    const response = await change(created, '  Traveller@Gmail.com ');
    expect(response.status).toBe(200);
    const { order } = (await response.json()) as { order: Row };
    expect(order).toMatchObject({
      id: created.order.id,
      number: created.order.number,
      mmqrPayload: created.order.mmqrPayload,
      expiresAt: created.order.expiresAt,
      contact: 'Traveller@Gmail.com',
      contactKind: 'email',
      status: 'awaiting_payment',
    });
    expect(await readOrder(t, created)).toMatchObject({ contact: 'Traveller@Gmail.com' });

    const paid = await pay(created);
    expect(paid.order.status).toBe('paid');
    const [email] = await rows("SELECT payload FROM outbox WHERE kind = 'esim_email'");
    expect(email?.payload).toMatchObject({ to: 'Traveller@Gmail.com' });
  });

  it('turns a Viber number into an email (and the kind with it)', async () => {
    const created = await createOrder(t, { contact: '09781234567' });
    expect(created.order.contactKind).toBe('phone');
    const { order } = (await (await change(created, 'me@example.com')).json()) as { order: Row };
    expect(order).toMatchObject({ contact: 'me@example.com', contactKind: 'email' });
  });

  it('refuses an invalid contact with 400 and changes nothing', async () => {
    const created = await createOrder(t);
    const response = await change(created, '+44 7700 900123');
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe('validation_failed');
    expect(await readOrder(t, created)).toMatchObject({ contact: 'traveller@example.com' });
  });

  it('answers a wrong or missing token with 404 on both, changing nothing', async () => {
    const created = await createOrder(t);
    const wrong = { 'X-Order-Token': 'A'.repeat(43) };
    expect((await change(created, 'x@example.com', wrong)).status).toBe(404);
    expect((await change(created, 'x@example.com', {})).status).toBe(404);
    expect((await cancel(created, wrong)).status).toBe(404);
    expect(await readOrder(t, created)).toMatchObject({
      contact: 'traveller@example.com',
      status: 'awaiting_payment',
    });
  });

  it('cancels an unpaid order, again idempotently, and then refuses its receipt', async () => {
    const created = await createOrder(t);
    const first = await cancel(created);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { order: Row }).order).toMatchObject({
      number: created.order.number,
      status: 'cancelled',
    });
    const again = await cancel(created);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: Row }).order.status).toBe('cancelled');

    gemini.answer(readingAnswer());
    const receipt = await submitReceipt(t, created);
    expect(receipt.status).toBe(409);
    expect(((await receipt.json()) as ErrorBody).error.code).toBe('order_closed');
    expect(gemini.calls).toHaveLength(0);
    const edit = await change(created, 'x@example.com');
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as ErrorBody).error.code).toBe('order_closed');
  });

  it('never cancels or changes a paid order (409 order_closed, nothing changes)', async () => {
    const created = await createOrder(t);
    await pay(created);
    for (const response of [await cancel(created), await change(created, 'x@example.com')]) {
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.code).toBe('order_closed');
    }
    expect(await readOrder(t, created)).toMatchObject({
      status: 'paid',
      contact: 'traveller@example.com',
    });
  });

  it('refuses a change after the code expired, but lets the buyer cancel', async () => {
    const created = await createOrder(t);
    t.clock.advance(11 * 60_000);
    const edit = await change(created, 'x@example.com');
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as ErrorBody).error.code).toBe('order_expired');
    const cancelled = await cancel(created);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { order: Row }).order.status).toBe('cancelled');
  });

  it('while a receipt is being checked: 409 receipt_in_progress; the check then pays the order', async () => {
    const created = await createOrder(t);
    const held = heldAnswer(readingAnswer());
    gemini.answer(held.script);
    t.clock.advance(2 * 60_000);
    const receipt = submitReceipt(t, created);
    await held.arrived;
    for (const response of [await cancel(created), await change(created, 'x@example.com')]) {
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.code).toBe('receipt_in_progress');
      expect(response.headers.get('Retry-After')).toBe('5');
    }
    held.release();
    expect(((await (await receipt).json()) as { order: Row }).order.status).toBe('paid');
  });

  it('a cancel racing receipts: the order ends either paid or cancelled, never both', async () => {
    for (let round = 0; round < 8; round += 1) {
      const created = await createOrder(t);
      gemini.answer(readingAnswer({ transactionId: `RACE-${round}-0001` }));
      const [receipt, cancelled] = await Promise.all([submitReceipt(t, created), cancel(created)]);
      const final = await readOrder(t, created);
      const [payments] = await rows('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [
        created.order.id,
      ]);
      if (final.status === 'paid') {
        expect(cancelled.status).toBe(409);
        expect(payments?.n).toBe(1);
      } else {
        expect(final.status).toBe('cancelled');
        expect(cancelled.status).toBe(200);
        expect(payments?.n).toBe(0);
        expect([200, 409]).toContain(receipt.status);
      }
      await truncateAll(t.database);
    }
  });
});
