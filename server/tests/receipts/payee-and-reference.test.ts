import { describe, expect, it } from 'vitest';
import { createOrder, readingAnswer, submitReceipt, type Created } from '../support/shop';
import { testStore, useTestApp, sqlRows } from '../support/test-app';

type Row = Record<string, unknown>;
type Answer = { order: Row; verification: Row };

/**
 * Issue #23 item 1 (review S1, decision 068): the reading ties the payment to this shop and this
 * order. A payee that is not one of MERCHANT_PAYEE_NAMES, or a personal transfer, is refused
 * (payee); a reference naming another order is refused (reference); a receipt that shows no
 * payee is confirmed with payeeShown false, which the payment row keeps.
 */
describe(`payee and reference (${testStore})`, () => {
  const shop = useTestApp({ env: { MERCHANT_PAYEE_NAMES: 'ESIM MYANMAR, အီးဆင်း မြန်မာ' } });

  const rows = sqlRows(shop);
  const send = async (created: Created) => {
    const response = await submitReceipt(shop, created);
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const lastFailure = async (created: Created) =>
    (await rows('SELECT status, last_failure FROM orders WHERE id = $1', [created.order.id]))[0];

  it('refuses a personal transfer to someone else (review S1: “Paid 80,000 Ks to Ko Aung”)', async () => {
    const created = await createOrder(shop);
    shop.gemini.answer(readingAnswer({ payeeName: 'Ko Aung', paymentKind: 'personal' }));
    const answer = await send(created);
    expect(answer.verification).toEqual({
      status: 'failed',
      reason: { code: 'payee', payee: 'Ko Aung' },
    });
    expect(answer.order.status).toBe('awaiting_payment');
    expect(await lastFailure(created)).toEqual({
      status: 'awaiting_payment',
      last_failure: { code: 'payee', payee: 'Ko Aung' },
    });
    expect(await rows('SELECT * FROM payments')).toEqual([]);
    expect(await rows("SELECT * FROM profiles WHERE state <> 'in_stock'")).toEqual([]);
  });

  it('refuses a personal transfer that names no payee', async () => {
    const created = await createOrder(shop);
    shop.gemini.answer(readingAnswer({ payeeName: null, paymentKind: 'personal' }));
    expect((await send(created)).verification).toEqual({
      status: 'failed',
      reason: { code: 'payee', payee: '' },
    });
  });

  it('refuses a receipt whose reference names another order', async () => {
    const other = await createOrder(shop);
    const created = await createOrder(shop);
    expect(created.order.number).toBe(`${other.order.number}-2`);
    shop.gemini.answer(
      readingAnswer({ payeeName: 'ESIM MYANMAR', reference: `Bill ${other.order.number}` }),
    );
    expect((await send(created)).verification).toEqual({
      status: 'failed',
      reason: { code: 'reference', reference: other.order.number },
    });
    expect(await rows('SELECT * FROM payments')).toEqual([]);
  });

  it('confirms a payment to the shop’s Burmese name for this order: payeeShown true, kept on the payment', async () => {
    const created = await createOrder(shop);
    shop.gemini.answer(
      readingAnswer({
        payeeName: 'အီးဆင်းမြန်မာ',
        paymentKind: 'merchant',
        reference: created.order.number.replace('#', ''),
      }),
    );
    expect((await send(created)).verification).toMatchObject({
      status: 'confirmed',
      payeeShown: true,
    });
    expect(await rows('SELECT payee_shown FROM payments')).toEqual([{ payee_shown: true }]);
    // Asked again, the paid order answers the same flag.
    expect((await send(created)).verification).toMatchObject({ payeeShown: true });
  });

  it('never refuses a receipt without a payee, but never approves it silently: payeeShown false', async () => {
    const created = await createOrder(shop);
    shop.gemini.answer(readingAnswer({ payeeName: null, paymentKind: null }));
    expect((await send(created)).verification).toMatchObject({
      status: 'confirmed',
      payeeShown: false,
    });
    expect(await rows('SELECT payee_shown FROM payments')).toEqual([{ payee_shown: false }]);
  });
});

describe(`payee names default to the MMQR merchant name (${testStore})`, () => {
  const shop = useTestApp({ env: { VITE_MMQR_MERCHANT_NAME: 'NEXORA TRAVEL' } });

  it('accepts that name and refuses the default one', async () => {
    shop.gemini.answer(readingAnswer({ payeeName: 'Nexora Travel' }));
    const created = await createOrder(shop);
    const accepted = await submitReceipt(shop, created);
    expect(await accepted.json()).toMatchObject({
      verification: { status: 'confirmed', payeeShown: true },
    });
    shop.gemini.answer(
      readingAnswer({ payeeName: 'ESIM MYANMAR', transactionId: '0999 1111 2222' }),
    );
    const refused = await submitReceipt(shop, await createOrder(shop));
    expect(await refused.json()).toMatchObject({
      verification: { status: 'failed', reason: { code: 'payee', payee: 'ESIM MYANMAR' } },
    });
  });
});
