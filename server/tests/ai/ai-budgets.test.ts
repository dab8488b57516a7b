import { beforeEach, describe, expect, it } from 'vitest';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { loadConfig } from '../../src/config';
import { solvedProof } from '../support/ai-proof';
import { createOrder, readingAnswer, submitReceipt } from '../support/shop';
import { testStore, useTestApp } from '../support/test-app';

/**
 * Review N1 (decision 121): the public AI features cannot spend the quota receipt checks need.
 * Each fails on the code before it: a call's size was bounded only by 8 MB, every task shared one
 * per-minute bucket with no daily budget, images and videos needed no proof of work, and the
 * receipt check used the public features' key.
 */
const BASE = 'http://gemini.test';
const env = {
  GEMINI_BASE_URL: BASE,
  MODEL_TEXT: 'gemini-2.5-flash',
  MODEL_IMAGE: 'gemini-2.5-flash-image',
  MODEL_VIDEO: 'veo-3.0-fast-generate-001',
  AI_RATE_LIMIT: '1000',
  AI_BUDGETS: 'compatibility:3/100000/5/1000000,video:1/10000/2/100000',
  AI_PROOF_COST: '1',
  GEMINI_RECEIPT_API_KEY: 'receipt-project-key',
  TRUST_PROXY: 'true',
  STATUS_MAX_AGE_MS: '0',
};

const seen: { url: string; key: string | null }[] = [];
const network: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  seen.push({ url: request.url, key: request.headers.get('x-goog-api-key') });
  if (request.url.includes(':predictLongRunning')) {
    return Promise.resolve(Response.json({ name: 'models/veo/operations/op-1' }));
  }
  // Chat and receipt share the model here (MODEL_RECEIPT defaults to MODEL_TEXT): a receipt's
  // reading answers both (the chat reads it as text).
  return Promise.resolve(readingAnswer()());
};

describe(`AI budgets, proofs of work and the receipts' own key (${testStore})`, () => {
  const config = loadConfig({ AI_MODE: 'gemini', GEMINI_API_KEY: 'public-key', ...env });
  const t = useTestApp({ env, aiFetch: createAiFetch(config, network) });
  beforeEach(() => void (seen.length = 0));

  const chat = (from: string, text = 'Which plan for a week?') =>
    t.call(
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash:generateContent',
      { contents: [{ role: 'user', parts: [{ text }] }] },
      { 'X-Forwarded-For': from },
    );
  const startVideo = (from: string, proof?: string) =>
    t.call(
      'POST',
      '/ai/v1beta/models/veo-3.0-fast-generate-001:predictLongRunning',
      { instances: [{ prompt: 'Inle Lake at dawn' }] },
      { 'X-Forwarded-For': from, ...(proof ? { 'X-AI-Proof': proof } : {}) },
    );
  const get = (path: string) => t.call('GET', path);

  it('refuses a call of about 150,000 tokens (413) before it reaches the model', async () => {
    const part = { text: 'x'.repeat(100_000) };
    const answer = await t.call(
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash:generateContent',
      { contents: [1, 2, 3].map(() => ({ role: 'user', parts: [part, part] })) },
      { 'X-Forwarded-For': '192.0.2.1' },
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(seen).toHaveLength(0);
  });

  it("holds each client to the compatibility check's daily budget, then the whole shop to its own", async () => {
    for (let n = 0; n < 3; n += 1) expect((await chat('192.0.2.10')).status).toBe(200);
    const spent = await chat('192.0.2.10');
    expect(spent.status).toBe(429);
    // T0 is 10:00 UTC: the budget starts again in 14 hours.
    expect(spent.headers.get('retry-after')).toBe(String(14 * 3600));
    expect(await spent.json()).toMatchObject({
      error: { code: 'budget_spent', message: expect.stringContaining('this connection') },
    });
    // A client over its own budget spent none of the shop's: 2 of its 5 are left.
    expect((await chat('192.0.2.11')).status).toBe(200);
    expect((await chat('192.0.2.12')).status).toBe(200);
    const shop = await chat('192.0.2.13');
    expect(shop.status).toBe(429);
    expect(await shop.json()).toMatchObject({
      error: { code: 'budget_spent', message: expect.stringContaining('whole shop') },
    });
    expect(seen).toHaveLength(5);
    // The next UTC day starts again.
    t.clock.advance(14 * 3600_000);
    expect((await chat('192.0.2.13')).status).toBe(200);
  });

  it('asks a video for a proof of work, takes each proof once, and caps videos per day', async () => {
    const refused = await startVideo('192.0.2.20');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'proof_required' } });
    const imageProof = await solvedProof(get, 'image');
    expect((await startVideo('192.0.2.20', imageProof)).status).toBe(403);
    expect(seen).toHaveLength(0);

    const proof = await solvedProof(get, 'video');
    expect((await startVideo('192.0.2.20', proof)).status).toBe(200);
    expect((await startVideo('192.0.2.21', proof)).status).toBe(403); // spent
    // One video per client a day: a fresh proof does not buy a second.
    const again = await startVideo('192.0.2.20', await solvedProof(get, 'video'));
    expect(again.status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  it('refuses a proof whose challenge ended', async () => {
    const proof = await solvedProof(get, 'video');
    t.clock.advance(11 * 60_000);
    expect((await startVideo('192.0.2.30', proof)).status).toBe(403);
  });

  it("checks receipts with their own key, and still does when the shop's compatibility budget is spent", async () => {
    for (let n = 0; n < 5; n += 1) await chat(`192.0.2.${40 + n}`);
    expect((await chat('192.0.2.49')).status).toBe(429);
    seen.length = 0;
    const order = await createOrder(t);
    const checked = await submitReceipt(t, order);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ verification: { status: 'confirmed' } });
    expect(seen).toEqual([
      { url: expect.stringContaining(':generateContent'), key: 'receipt-project-key' },
    ]);
  });

  it('shows on GET /status what is left of each feature today', async () => {
    await chat('192.0.2.60');
    await chat('192.0.2.61');
    const status = (await (await t.call('GET', '/status')).json()) as {
      aiBudgets: { feature: string; requestsLeft: number; requests: number }[];
    };
    expect(status.aiBudgets).toEqual([
      { feature: 'chat', requestsLeft: 5_000, requests: 5_000 },
      { feature: 'compatibility', requestsLeft: 3, requests: 5 },
      { feature: 'support', requestsLeft: 3_000, requests: 3_000 },
      { feature: 'image', requestsLeft: 200, requests: 200 },
      { feature: 'video', requestsLeft: 2, requests: 2 },
    ]);
  });
});
