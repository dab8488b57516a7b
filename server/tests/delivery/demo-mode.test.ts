import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans } from '#domain/catalogue';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { loadConfig } from '../../src/config';
import {
  assertDemoIsSafe,
  DEMO_SMDP_HOST,
  demoProfile,
  topUpDemoStock,
} from '../../src/delivery/demo-stock';
import { iccidProblem, parseActivationCode } from '../../src/delivery/stock-csv';
import { importStock } from '../../src/delivery/stock';
import { createOrder, readingAnswer, type Created, payOrder } from '../support/shop';
import { stockCsv } from '../support/stock';
import {
  createTestApp,
  createTestDatabase,
  fakeGemini,
  T0,
  type TestApp,
  type TestDatabase,
  testStore,
  truncateAll,
} from '../support/test-app';

/**
 * Issue #23 item 6 (decision 068): a demo answer never hands out a real eSIM. Without a Gemini
 * key the server decides receipts from its demo script; such a decision gets only demo profiles,
 * a real decision never gets one, /status and every answer say demo, and a server with real
 * stock and no key does not start unless demo was chosen.
 */
type Esim = { smdpAddress: string; iccid: string } | null;
type Paid = {
  order: { delivery: { state: string; esim: Esim } };
  verification: { status: string; payeeShown?: boolean };
};

describe(`demo mode (${testStore})`, () => {
  let database: TestDatabase;
  let demo: TestApp;
  let real: TestApp;
  const gemini = fakeGemini();
  beforeAll(async () => {
    database = await createTestDatabase();
    const demoEnv = { AI_MODE: 'demo', GEMINI_API_KEY: '' };
    demo = await createTestApp({
      database,
      env: demoEnv,
      aiFetch: createAiFetch(loadConfig(demoEnv)),
    });
    real = await createTestApp({ database, aiFetch: gemini.fetch });
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await truncateAll(database);
    demo.clock.set(T0);
    real.clock.set(T0);
    gemini.answer(readingAnswer());
  });

  const pay = (t: TestApp, created: Created) => payOrder<Paid>(t, created);
  const stockStates = () =>
    database.rawTransaction((tx) =>
      tx.query<{ demo: boolean; state: string }>(
        'SELECT demo, state FROM profiles ORDER BY demo, state',
      ),
    );

  it('a demo decision gets a demo profile and never imported stock', async () => {
    await importStock(demo.deps, stockCsv(2));
    const first = await pay(demo, await createOrder(demo));
    // The demo script reads the shop as payee: confirmed, and no real eSIM leaves.
    expect(first.verification).toMatchObject({ status: 'confirmed', payeeShown: true });
    expect(first.order.delivery).toMatchObject({ state: 'waiting_for_stock', esim: null });
    expect(await stockStates()).toEqual([
      { demo: false, state: 'in_stock' },
      { demo: false, state: 'in_stock' },
    ]);
    // Demo stock arrives: the waiting demo order gets a demo profile, the real ones stay.
    expect(await topUpDemoStock(demo.deps, 2)).toEqual({ added: 8, deliveredWaiting: 1 });
    const second = await pay(demo, await createOrder(demo));
    expect(second.order.delivery.state).toBe('delivered'); // shown to its buyer
    expect(second.order.delivery.esim?.smdpAddress).toBe(DEMO_SMDP_HOST);
    const states = await stockStates();
    expect(states.filter((row) => !row.demo).every((row) => row.state === 'in_stock')).toBe(true);
    expect(states.filter((row) => row.demo && row.state !== 'in_stock')).toHaveLength(2);
  });

  it('a real decision never gets a demo profile', async () => {
    await topUpDemoStock(real.deps, 3);
    const first = await pay(real, await createOrder(real));
    expect(first.order.delivery).toMatchObject({ state: 'waiting_for_stock', esim: null });
    await importStock(real.deps, stockCsv(1)); // the waiting order takes it
    await importStock(real.deps, stockCsv(1, { from: 1 }));
    gemini.answer(readingAnswer({ transactionId: '0999 8888 7777' }));
    const read = await pay(real, await createOrder(real));
    expect(read.order.delivery.state).toBe('delivered');
    expect(read.order.delivery.esim?.smdpAddress).toBe('smdp.example.com');
    const states = await stockStates();
    expect(states.filter((row) => row.demo).every((row) => row.state === 'in_stock')).toBe(true);
  });

  it('/status says demo, and every answer carries X-AI-Mode', async () => {
    const answer = await demo.call('GET', '/status');
    expect(answer.headers.get('x-ai-mode')).toBe('demo');
    const body = (await answer.json()) as { aiMode: string; services: Record<string, unknown>[] };
    expect(body.aiMode).toBe('demo');
    expect(body.services.find((service) => service.id === 'ai')).toMatchObject({
      name: 'AI payment verification: demo',
      message: expect.stringMatching(/^Demo mode: no Gemini key is set/),
    });
    const missing = await demo.call('GET', '/no-such-path');
    expect(missing.headers.get('x-ai-mode')).toBe('demo');
    const live = await real.call('GET', '/status');
    expect(live.headers.get('x-ai-mode')).toBe('gemini');
    const liveBody = (await live.json()) as { aiMode: string; services: { name: string }[] };
    expect(liveBody.aiMode).toBe('gemini');
    expect(liveBody.services.map((service) => service.name)).toContain('AI payment verification');
  });

  it('refuses to start with real stock and no key, unless AI_MODE=demo or a key is set', async () => {
    const auto = loadConfig({ GEMINI_API_KEY: '' });
    await expect(assertDemoIsSafe(auto, database)).resolves.toBeUndefined(); // empty stock
    await topUpDemoStock(demo.deps, 1);
    await expect(assertDemoIsSafe(auto, database)).resolves.toBeUndefined(); // demo stock only
    await importStock(demo.deps, stockCsv(1));
    await expect(assertDemoIsSafe(auto, database)).rejects.toThrow(
      /^Refusing to start: GEMINI_API_KEY is not set.*set AI_MODE=demo/,
    );
    await expect(
      assertDemoIsSafe(loadConfig({ AI_MODE: 'demo' }), database),
    ).resolves.toBeUndefined();
    await expect(
      assertDemoIsSafe(loadConfig({ GEMINI_API_KEY: 'a-key' }), database),
    ).resolves.toBeUndefined();
  });

  it('makes valid demo profiles and tops the stock up to N per operator and plan', async () => {
    const profile = demoProfile(crypto.getRandomValues(new Uint8Array(16)));
    expect(iccidProblem(profile.iccid)).toBeNull();
    expect(profile.iccid).toMatch(/^8995999\d{12}$/);
    expect(parseActivationCode(profile.activationCode)).toEqual({
      smdpAddress: DEMO_SMDP_HOST,
      matchingId: expect.stringMatching(/^DEMO-[0-9A-F]{10}$/),
    });
    // 4 operators × the plans on sale.
    const shelves = 4 * plans.filter((plan) => plan.isAvailable).length;
    expect((await topUpDemoStock(demo.deps, 2)).added).toBe(2 * shelves);
    expect((await topUpDemoStock(demo.deps, 2)).added).toBe(0);
    expect((await topUpDemoStock(demo.deps, 3)).added).toBe(shelves);
  });
});
