import { describe, expect, it } from 'vitest';
import {
  createOrder,
  payOrder,
  readOrder,
  readingAnswer,
  submitReceipt,
  type Created,
} from '../support/shop';
import { statementName, statementsOf } from '../support/statements';
import { iccid, postStock, staffKey, stockCsv } from '../support/stock';
import { type SharedTestApp, testStore, useTestApp } from '../support/test-app';

/**
 * Issue #28 point 4 (decisions 102, 105): what a receipt decision costs the database, counted in
 * statements rather than timed (a transaction's BEGIN and COMMIT aside). The paid row carries the
 * delivery policy's columns when the policy needs no count of its window; the answer reads the
 * eSIM and email of the row the decision wrote instead of reading the order again; only the
 * payment's transaction (and a refusal's reopening) waits for the WAL's flush, not the claim or
 * the model's health note.
 */
type EmailAnswer = {
  order: {
    delivery: {
      state: string;
      esim: { iccid: string } | null;
      email: { state: string; attempts: number };
    };
  };
};

type Answer = {
  order: { status: string; delivery: { state: string; promisedBy: number | null } };
  verification: { status: string };
};

const SET_RELAXED = "set_config('synchronous_commit', 'off', true)";

/**
 * An order to pay with a paying reading scripted: the database's second order, since the first
 * also reads the contact hash's secret, once per database.
 */
async function orderToPay(t: SharedTestApp): Promise<Created> {
  t.gemini.answer(readingAnswer());
  await createOrder(t);
  return createOrder(t);
}

describe(`a receipt decision's statements (${testStore})`, () => {
  const t = useTestApp();

  it('pays an order in 6 statements: no read of the order, its profile or its email after, the policy’s column with the paid status', async () => {
    const created = await orderToPay(t);
    const { result, statements } = await statementsOf(() => payOrder<Answer>(t, created));
    expect(result.verification.status).toBe('confirmed');
    expect(result.order.delivery.state).toBe('waiting_for_stock');
    expect(statements.map(statementName)).toEqual([
      // The order with its token.
      expect.stringMatching(/^select "id", "number", "token_hash"/),
      // The claim (with its event, decision 115) and the receipt limits (decision 102).
      expect.stringMatching(/^with changed as \( update "orders" set "verifying_since" = /),
      expect.stringMatching(/^insert into "ai_health"/),
      // The payment's transaction: the payment, the paid row (with unconfirmed_delivery_at under
      // the `instant` policy), the stock or else the wait for it (decision 107), each change of
      // the order with its event rows (decision 115). The answer's delivery is what the
      // transaction wrote: no profile, no email (decision 107).
      expect.stringMatching(/^with held as \( select "id", "number", "token_hash"/),
      expect.stringMatching(/^with changed as \( update "orders" set "last_failure" = null,/),
      expect.stringMatching(/^with picked as \( select "id" from "profiles"/),
    ]);
    expect(statements[1]).toContain('"status" = ');
    expect(statements[1]).toContain('insert into "order_events"');
    expect(statements[4]).toContain('"status" = ');
    expect(statements[4]).toContain('"unconfirmed_delivery_at" = ');
    expect(statements[4]).toContain('insert into "order_events"');
    expect(statements[5]).toContain('"delivery_state" = ');
    expect(statements[5]).toContain('insert into "order_events"');
    // The answer says what a read of the order says afterwards.
    const read = await readOrder<Answer['order']>(t, created);
    expect(result.order).toEqual(read);
  });

  it('waits for the disk on the payment, not on the claim or the model’s health note', async () => {
    const created = await orderToPay(t);
    const { statements } = await statementsOf(() => payOrder(t, created));
    const relaxed = statements.filter((statement) => statement.includes(SET_RELAXED));
    expect(relaxed.map(statementName)).toEqual([
      expect.stringMatching(/^with changed as/),
      expect.stringMatching(/^insert into "ai_health"/),
    ]);
  });

  it('reads the order again for a replayed answer', async () => {
    const created = await orderToPay(t);
    const headers = { 'Idempotency-Key': 'statements-key-1' };
    expect((await submitReceipt(t, created, headers)).status).toBe(200);
    const { result, statements } = await statementsOf(() => submitReceipt(t, created, headers));
    expect(result.headers.get('idempotent-replayed')).toBe('true');
    expect(statements.filter((s) => /^select "id", "number", "token_hash"/.test(s))).toHaveLength(
      2,
    );
  });
});

describe(`a receipt decision's statements, the confirmed policy (${testStore})`, () => {
  const t = useTestApp({ env: { DELIVERY_POLICY: 'confirmed' } });

  it('holds the paid order in the paid row’s own statement', async () => {
    const created = await orderToPay(t);
    const { result, statements } = await statementsOf(() => payOrder<Answer>(t, created));
    expect(result.order.delivery.state).toBe('held');
    expect(result.order.delivery.promisedBy).toEqual(expect.any(Number));
    // The order's writes after the claim: the paid row's, with its events.
    const updates = statements.filter((statement) =>
      /^with changed as \(\s+update "orders" set "last_failure"/.test(statement),
    );
    expect(updates).toHaveLength(1);
    // Held: no profile, no email; the answer reads neither (decision 107).
    expect(statements.filter((statement) => /"profiles"|"outbox"/.test(statement))).toEqual([]);
    expect(updates[0]).toContain('"delivery_state" = ');
    expect(updates[0]).toContain('"promised_by" = ');
    expect(result.order).toEqual(await readOrder(t, created));
  });
});

describe(`a receipt decision's statements, an eSIM email to send (${testStore})`, () => {
  const t = useTestApp({
    env: { SMTP_URL: 'smtp://127.0.0.1:9', SHOP_URL: 'https://shop.example' },
  });

  it('answers the email the payment queued without reading it', async () => {
    const created = await orderToPay(t);
    const { result, statements } = await statementsOf(() => payOrder<EmailAnswer>(t, created));
    expect(result.order.delivery.state).toBe('waiting_for_stock');
    expect(result.order.delivery.email).toEqual({ state: 'queued', attempts: 0 });
    expect(statements.filter((statement) => /^insert into "outbox"/.test(statement))).toHaveLength(
      1,
    );
    expect(statements.filter((statement) => /^select .* from "outbox"/.test(statement))).toEqual(
      [],
    );
    expect(result.order).toEqual(await readOrder(t, created));
  });

  it('answers a handed profile and its queued email without reading them', async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(1))).status).toBe(200);
    const created = await orderToPay(t);
    const { result, statements } = await statementsOf(() => payOrder<EmailAnswer>(t, created));
    expect(result.order.delivery.state).toBe('assigned');
    expect(result.order.delivery.esim?.iccid).toBe(iccid(0));
    expect(result.order.delivery.email).toEqual({ state: 'queued', attempts: 0 });
    expect(
      statements.filter((statement) => /^select .* from "(profiles|outbox)"/.test(statement)),
    ).toEqual([]);
    expect(result.order).toEqual(await readOrder(t, created));
  });
});

describe(`a receipt decision's statements, a profile in stock (${testStore})`, () => {
  const t = useTestApp();

  it('hands the profile the merged statement found, and answers its eSIM without reading it', async () => {
    expect((await postStock(t, await staffKey(t), stockCsv(1))).status).toBe(200);
    const created = await orderToPay(t);
    const { result, statements } = await statementsOf(() => payOrder<EmailAnswer>(t, created));
    expect(result.order.delivery.state).toBe('delivered');
    expect(result.order.delivery.esim?.iccid).toBe(iccid(0));
    // The profile as the hand-over wrote it is the answer's eSIM: no read after the commit.
    expect(statements.map(statementName).slice(5)).toEqual([
      expect.stringMatching(/^with picked as \( select "id" from "profiles"/),
      expect.stringMatching(/^update "profiles" set/),
      expect.stringMatching(/^with changed as \( update "orders" set "contact" = null, /),
    ]);
    expect(result.order).toEqual(await readOrder(t, created));
  });
});
