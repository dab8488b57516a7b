import { expect } from 'vitest';
import { findPlan } from '#domain/catalogue';
import type { NewOrder } from '../../src/orders/orders';
import { T0, type GeminiScript, type TestApp } from './test-app';

/** Helpers for the money-path tests: model readings, and an order made through the API. */

/**
 * What the model reads from a good receipt for the 80,000 MMK plan, paid a minute before T0: a
 * merchant (MMQR) payment to the shop, as a real receipt of the shop's code shows it.
 */
export function reading(overrides: Record<string, unknown> = {}) {
  return {
    isPaymentConfirmed: true,
    reason: 'The payment is successful.',
    transactionId: '0123 4567 8901',
    amount: 80_000,
    currency: 'MMK',
    transactionTime: new Date(T0 + 60_000).toISOString(),
    status: 'Successful',
    payeeName: 'ESIM MYANMAR',
    paymentKind: 'merchant',
    ...overrides,
  };
}

/** Gemini's generateContent answer carrying `text` (JSON of a reading, or anything). */
export const modelAnswer = (text: string) =>
  Response.json({
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  });

export const readingAnswer =
  (overrides: Record<string, unknown> = {}) =>
  () =>
    modelAnswer(JSON.stringify(reading(overrides)));

/** Waits until `release()` is called, then answers with `then()`; aborts with the request. */
export function heldAnswer(then: GeminiScript) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const arrived = new Promise<void>((resolve) => (started = resolve));
  const script: GeminiScript = async (request) => {
    started();
    await Promise.race([
      released,
      new Promise((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
      ),
    ]);
    return then(request);
  };
  return { script, release, arrived };
}

/** A tiny PNG-looking base64 body (the fake model does not look at it). */
export const RECEIPT_IMAGE = { mimeType: 'image/png', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' };

/** The 80,000 MMK plan on MPT for `contact`, as the service's createOrder takes an order. */
export const newOrder = (contact = 'traveller@example.com'): NewOrder => ({
  plan: findPlan('power-30')!,
  operatorId: 'mpt',
  contact: { kind: 'email', value: contact },
  language: 'en',
});

export const orderBody = (overrides: Record<string, unknown> = {}) => ({
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'traveller@example.com',
  language: 'en',
  ...overrides,
});

export type Created = {
  order: { id: string; number: string; status: string; expiresAt: number; [key: string]: unknown };
  token: string;
};

/** Makes an order through POST /api/orders and returns the answer. */
export async function createOrder(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Created> {
  const response = await t.call('POST', '/api/orders', orderBody(overrides), headers);
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

/** POST /api/orders/{id}/receipt with the order's token. */
export function submitReceipt(
  t: TestApp,
  created: Created,
  headers: Record<string, string> = {},
  body: unknown = { image: RECEIPT_IMAGE, language: 'en' },
) {
  return t.call('POST', `/api/orders/${created.order.id}/receipt`, body, {
    'X-Order-Token': created.token,
    ...headers,
  });
}

/** GET /api/orders/{id} with the order's token (answered 200): the order now. */
export async function readOrder<Order = Record<string, unknown>>(
  t: TestApp,
  created: { order: { id: string }; token: string },
): Promise<Order> {
  const response = await t.call('GET', `/api/orders/${created.order.id}`, undefined, {
    'X-Order-Token': created.token,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: Order }).order;
}

/** Sends the order's receipt (read as Gemini is scripted to read it), answered 200: the answer. */
export async function payOrder<Answer = { order: Record<string, unknown> }>(
  t: TestApp,
  created: Created,
): Promise<Answer> {
  const response = await submitReceipt(t, created);
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}
