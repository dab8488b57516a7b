import { env } from '../../../../src/config/env';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  rememberTransactionId,
  USED_TRANSACTIONS_KEY,
} from '../../../../src/features/purchase/lib/used-transactions';
import { verifyPayment } from '../../../../src/features/purchase/lib/verify-payment';
import { testAi } from '../../../support/ai';
import { GEMINI, server } from '../../../support/msw-server';
import type { PreparedReceipt } from '../../../../src/features/purchase/lib/receipt-image';
import { NOW, order, preparedReceipt } from './fixtures';
import { geminiJson, geminiText, type GeminiBody } from './gemini-answers';

const confirmedReading = {
  isPaymentConfirmed: true,
  reason: 'The payment of 80,000 MMK succeeded.',
  transactionId: 'KBZ-0001',
  amount: 80_000,
  currency: 'MMK',
  transactionTime: new Date(NOW - 3 * 60_000).toISOString(),
  status: 'SUCCESS',
};

const answer = (response: () => Response | Promise<Response>) =>
  server.use(http.post(`${GEMINI}/*`, response));

const verify = (options: Partial<Parameters<typeof verifyPayment>[0]> = {}) =>
  verifyPayment({
    ai: env.ai,
    order,
    receipt: preparedReceipt(),
    language: 'en',
    now: () => NOW,
    ...options,
  });

describe('verifyPayment', () => {
  it('sends the image and asks for JSON, without the order, its amount or the time', async () => {
    let body: GeminiBody | undefined;
    server.use(
      http.post(`${GEMINI}/*`, async ({ request }) => {
        body = (await request.json()) as GeminiBody;
        return geminiJson(confirmedReading);
      }),
    );
    await verify();
    const parts = body?.contents[0]?.parts ?? [];
    expect(parts[0]?.inlineData).toEqual({ mimeType: 'image/png', data: 'iVBORw==' });
    const prompt = parts.map((part) => part.text ?? '').join('\n');
    expect(prompt).toMatch(/report what it shows/);
    expect(prompt).not.toContain('NXR');
    expect(prompt).not.toMatch(/80[,.]?000/);
    expect(prompt).not.toContain(new Date(NOW).toISOString().slice(0, 10));
    expect(body?.generationConfig?.responseMimeType).toBe('application/json');
  });

  it("confirms, and stores nothing: remembering the transaction is the flow's", async () => {
    answer(() => geminiJson(confirmedReading));
    await expect(verify()).resolves.toEqual({
      status: 'confirmed',
      transactionId: 'KBZ-0001',
      transactionTime: NOW - 3 * 60_000,
      verifiedAt: NOW,
      payeeShown: false,
    });
    expect(localStorage.getItem(USED_TRANSACTIONS_KEY)).toBeNull();
  });

  it('compares the payee with the build’s MMQR merchant name (issue #23)', async () => {
    answer(() => geminiJson({ ...confirmedReading, payeeName: env.mmqr.merchantName }));
    await expect(verify()).resolves.toMatchObject({ status: 'confirmed', payeeShown: true });
    answer(() =>
      geminiJson({ ...confirmedReading, payeeName: 'Ko Aung', paymentKind: 'personal' }),
    );
    await expect(verify()).resolves.toEqual({
      status: 'failed',
      reason: { code: 'payee', payee: 'Ko Aung' },
    });
  });

  it('refuses a transaction id already used on this device', async () => {
    answer(() => geminiJson(confirmedReading));
    rememberTransactionId('KBZ-0001', NOW - 60_000);
    await expect(verify()).resolves.toEqual({
      status: 'failed',
      reason: { code: 'reused', transactionId: 'KBZ-0001' },
    });
  });

  it('reads a JSON answer inside a ```json fence', async () => {
    answer(() => geminiText(`\`\`\`json\n${JSON.stringify(confirmedReading)}\n\`\`\``));
    await expect(verify()).resolves.toMatchObject({ status: 'confirmed' });
  });

  it.each<[string, () => Response | Promise<Response>, unknown]>([
    [
      'not confirmed, with the model reason',
      () => geminiJson({ ...confirmedReading, isPaymentConfirmed: false, reason: 'Pending.' }),
      { code: 'notConfirmed', modelReason: 'Pending.' },
    ],
    [
      'a confirmed answer of the wrong amount',
      () => geminiJson({ ...confirmedReading, amount: 35_000 }),
      { code: 'amountMismatch', paid: 35_000, currency: 'MMK' },
    ],
    [
      'a confirmed answer 13 hours old',
      () =>
        geminiJson({
          ...confirmedReading,
          transactionTime: new Date(NOW - 13 * 3_600_000).toISOString(),
        }),
      { code: 'tooOld' },
    ],
    ['an empty answer', () => geminiText(''), { code: 'verificationFailed' }],
    [
      'an answer with no candidates',
      () => HttpResponse.json({ candidates: [] }),
      { code: 'verificationFailed' },
    ],
    [
      'a server error',
      () => HttpResponse.json({ error: { code: 500, message: 'boom' } }, { status: 500 }),
      { code: 'verificationFailed' },
    ],
    [
      'a refused key',
      () => HttpResponse.json({ error: { code: 403, message: 'no' } }, { status: 403 }),
      { code: 'verificationFailed' },
    ],
    ['a network failure', () => HttpResponse.error(), { code: 'connectionProblem' }],
    ['text that is not JSON', () => geminiText('The payment looks fine!'), { code: 'unreadable' }],
    [
      'JSON without the required fields',
      () => geminiJson({ confirmed: 'yes' }),
      { code: 'unreadable' },
    ],
  ])('fails on %s', async (_name, response, reason) => {
    answer(response);
    await expect(verify()).resolves.toEqual({ status: 'failed', reason });
    expect(localStorage.getItem(USED_TRANSACTIONS_KEY)).toBeNull();
  });

  it('stops a verification that takes too long with the default failure', async () => {
    answer(async () => {
      await delay('infinite');
      return geminiJson(confirmedReading);
    });
    await expect(verify({ timeoutMs: 200 })).resolves.toEqual({
      status: 'failed',
      reason: { code: 'verificationFailed' },
    });
  });

  it('counts reading the image in the time limit, not only the call to the service', async () => {
    let called = false;
    answer(() => {
      called = true;
      return geminiJson(confirmedReading);
    });
    const stuck = { ...preparedReceipt(), blob: { arrayBuffer: () => new Promise(() => {}) } };
    await expect(
      verify({ timeoutMs: 200, receipt: stuck as unknown as PreparedReceipt }),
    ).resolves.toEqual({ status: 'failed', reason: { code: 'verificationFailed' } });
    expect(called).toBe(false);
  });

  it('rejects when the caller cancels, so nothing is shown for a page that was left', async () => {
    answer(async () => {
      await delay('infinite');
      return geminiJson(confirmedReading);
    });
    const controller = new AbortController();
    const pending = verify({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeDefined();
  });

  describe('in demo mode', () => {
    it('confirms: the stand-in model reads the order from a note that only demo mode sends', async () => {
      await expect(
        verify({ ai: testAi({ mode: 'demo', demoLatencyMs: 0 }) }),
      ).resolves.toMatchObject({
        status: 'confirmed',
        transactionId: 'DEMO1121214501',
        transactionTime: NOW - 2 * 60_000,
      });
    });
  });
});
