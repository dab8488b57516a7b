// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCsp, GEMINI_ORIGIN } from '../../scripts/csp';
import { bundledEnv, parseEnv, resolveAiMode } from '../../src/config/env-schema';
import { merchantProblems } from '../../src/config/merchant-check';
import { href, paths, routeForPath, routeNames } from '../../src/domain/paths';
import { GEMINI_API_ORIGIN } from '../../src/lib/ai/client';

describe('configuration', () => {
  it('fills defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.VITE_AI_MODE).toBe('auto');
    expect(env.VITE_MODEL_TEXT).toMatch(/^gemini-/);
    expect(env.VITE_BRAND_NAME).toBe('eSIM Myanmar');
    expect(env.VITE_SOCIAL_TIKTOK).toBeUndefined();
  });

  it('lists every problem in one readable error', () => {
    expect(() =>
      parseEnv({
        VITE_AI_MODE: 'real',
        VITE_STATUS_URL: 'not a url',
        VITE_SOCIAL_FACEBOOK: 'facebook',
      }),
    ).toThrowError(/Invalid configuration[\s\S]*VITE_AI_MODE/);
    expect(() =>
      parseEnv({ VITE_STATUS_URL: 'not a url', VITE_SOCIAL_FACEBOOK: 'facebook' }),
    ).toThrowError(
      /VITE_SOCIAL_FACEBOOK: not a URL[\s\S]*VITE_STATUS_URL: not a URL|VITE_STATUS_URL[\s\S]*VITE_SOCIAL_FACEBOOK/,
    );
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'a merchant name longer than MMQR allows',
      { VITE_MMQR_MERCHANT_NAME: 'ESIM MYANMAR TRAVEL DATA COMPANY LIMITED' },
      /VITE_MMQR_\*: .*59/,
    ],
    [
      'a Burmese city longer than MMQR allows',
      {
        VITE_MMQR_MERCHANT_NAME_MY: 'အီးဆင်းမြန်မာ',
        VITE_MMQR_MERCHANT_CITY_MY: 'ရန်ကုန်မြို့တော် ဒေသကြီး အရှေ့ပိုင်းခရိုင်',
      },
      /VITE_MMQR_\*: Tag 64\.02 .*at most 15/,
    ],
    [
      'a Burmese name without its city',
      { VITE_MMQR_MERCHANT_NAME_MY: 'အီးဆင်းမြန်မာ' },
      /set both or neither/,
    ],
  ])('stops the build on %s, instead of the payment step', (_name, source, message) => {
    expect(() => parseEnv(source, [merchantProblems])).toThrowError(message);
  });

  it('accepts the Burmese merchant template with a name and a city', () => {
    const env = parseEnv(
      { VITE_MMQR_MERCHANT_NAME_MY: 'အီးဆင်းမြန်မာ', VITE_MMQR_MERCHANT_CITY_MY: 'ရန်ကုန်' },
      [merchantProblems],
    );
    expect(env.VITE_MMQR_MERCHANT_CITY_MY).toBe('ရန်ကုန်');
  });

  it('is read from import.meta.env by src/config/env.ts alone (STYLE.md, practice 4)', () => {
    const readers = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join('src', file))
      .filter((file) => readFileSync(file, 'utf8').includes('import.meta.env'));
    expect(readers).toEqual([join('src', 'config', 'env.ts')]);
  });

  it('refuses gemini mode with neither a key nor a proxy', () => {
    expect(() => parseEnv({ VITE_AI_MODE: 'gemini' })).toThrowError(
      /needs VITE_GEMINI_API_KEY or VITE_GENAI_BASE_URL/,
    );
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'a webhook',
      { VITE_ORDER_WEBHOOK_URL: 'https://orders.example.com/hook' },
      /VITE_AI_MODE: VITE_ORDER_WEBHOOK_URL is set but none of VITE_API_URL, VITE_GEMINI_API_KEY or VITE_GENAI_BASE_URL[\s\S]*VITE_AI_MODE=demo/,
    ],
    [
      'a real merchant account',
      { VITE_MMQR_MERCHANT_ID: '1234567890123456' },
      /VITE_MMQR_MERCHANT_ID is set but none of/,
    ],
    [
      'a webhook and a real merchant account, in auto mode by name',
      {
        VITE_AI_MODE: 'auto',
        VITE_ORDER_WEBHOOK_URL: 'https://orders.example.com/hook',
        VITE_MMQR_MERCHANT_ID: '1234567890123456',
      },
      /VITE_ORDER_WEBHOOK_URL and VITE_MMQR_MERCHANT_ID are set/,
    ],
  ])('refuses a shop with %s that would fall into demo mode', (_name, source, message) => {
    expect(() => parseEnv(source)).toThrowError(message);
  });

  it.each<[string, Record<string, string>]>([
    ['demo asked for by name', { VITE_AI_MODE: 'demo' }],
    ['a key', { VITE_GEMINI_API_KEY: 'k' }],
    ['a proxy', { VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com' }],
    ["the shop's API (server mode)", { VITE_API_URL: 'https://api.shop.example.com' }],
  ])('builds a shop with a webhook and %s', (_name, source) => {
    const env = parseEnv({
      VITE_ORDER_WEBHOOK_URL: 'https://orders.example.com/hook',
      VITE_MMQR_MERCHANT_ID: '1234567890123456',
      ...source,
    });
    expect(env.VITE_ORDER_WEBHOOK_URL).toBe('https://orders.example.com/hook');
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['gemini with a key', { VITE_GEMINI_API_KEY: 'k' }, true],
    ['demo asked for, with a key', { VITE_AI_MODE: 'demo', VITE_GEMINI_API_KEY: 'k' }, false],
    [
      'a proxy and a key',
      { VITE_GEMINI_API_KEY: 'k', VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com' },
      false,
    ],
  ])('puts the key in the bundle only where it is used: %s', (_name, source, kept) => {
    expect('VITE_GEMINI_API_KEY' in bundledEnv(parseEnv(source))).toBe(kept);
  });

  it.each([
    [{ VITE_AI_MODE: 'auto' as const }, 'demo'],
    [{ VITE_AI_MODE: 'auto' as const, VITE_GEMINI_API_KEY: 'k' }, 'gemini'],
    [{ VITE_AI_MODE: 'auto' as const, VITE_GENAI_BASE_URL: 'https://proxy.example' }, 'gemini'],
    [{ VITE_AI_MODE: 'demo' as const, VITE_GEMINI_API_KEY: 'k' }, 'demo'],
    [{ VITE_AI_MODE: 'gemini' as const, VITE_GEMINI_API_KEY: 'k' }, 'gemini'],
  ])('chooses the AI mode for %j', (raw, mode) => {
    expect(resolveAiMode(raw)).toBe(mode);
  });
});

describe('content security policy', () => {
  /** The policy of a build with these variables, validated as vite.config.ts does. */
  const policyFor = (variables: Record<string, string>) => buildCsp(parseEnv(variables));
  const connectSrc = (policy: string) =>
    /(?:^|; )connect-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  const videoDownloads = ['https://*.googleusercontent.com'];

  it('allows scripts from the site only, no plugins and no eval', () => {
    const policy = policyFor({ VITE_GEMINI_API_KEY: 'k' });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval/);
    // The site's workers are its own chunks: no blob: workers.
    expect(policy).toContain("worker-src 'self';");
  });

  it('lets a demo build connect to no AI service', () => {
    expect(connectSrc(policyFor({}))).toEqual(["'self'"]);
    // Demo mode asked for: the configured key and proxy are not used, so not allowed either.
    expect(
      connectSrc(
        policyFor({
          VITE_AI_MODE: 'demo',
          VITE_GEMINI_API_KEY: 'k',
          VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com/gemini',
        }),
      ),
    ).toEqual(["'self'"]);
  });

  it('lets a build with only a proxy connect to the proxy and the video download hosts, not to Gemini', () => {
    const connect = connectSrc(
      policyFor({ VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com/gemini' }),
    );
    expect(connect).toEqual(["'self'", 'https://ai-proxy.example.com', ...videoDownloads]);
    expect(connect).not.toContain(GEMINI_ORIGIN);
  });

  it('lets a build with a key connect to the Gemini API and the video download hosts', () => {
    expect(connectSrc(policyFor({ VITE_GEMINI_API_KEY: 'k' }))).toEqual([
      "'self'",
      'https://generativelanguage.googleapis.com',
      ...videoDownloads,
    ]);
    // With a proxy as well, the client's API root is the proxy (src/lib/ai/client.ts).
    expect(
      connectSrc(
        policyFor({
          VITE_GEMINI_API_KEY: 'k',
          VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com',
        }),
      ),
    ).toEqual(["'self'", 'https://ai-proxy.example.com', ...videoDownloads]);
  });

  it('adds the origins of the configured webhook, status and newsletter URLs in every mode', () => {
    const services = {
      VITE_ORDER_WEBHOOK_URL: 'https://hooks.example.com/orders',
      VITE_STATUS_URL: 'https://status.example.com/api/status.json',
      VITE_NEWSLETTER_URL: 'https://hooks.example.com/newsletter',
    };
    const origins = ['https://hooks.example.com', 'https://status.example.com'];
    expect(connectSrc(policyFor({ ...services, VITE_AI_MODE: 'demo' }))).toEqual([
      "'self'",
      ...origins,
    ]);
    expect(connectSrc(policyFor({ ...services, VITE_GEMINI_API_KEY: 'k' }))).toEqual([
      "'self'",
      GEMINI_ORIGIN,
      ...videoDownloads,
      ...origins,
    ]);
  });

  it('names the same Gemini origin as the AI client', () => {
    expect(GEMINI_ORIGIN).toBe(GEMINI_API_ORIGIN);
  });
});

describe('route table', () => {
  it('has the 20 routes of the specification, the order page and the staff page', () => {
    expect(routeNames).toHaveLength(22);
    expect(paths.order).toBe('/order/:id');
    expect(paths.staff).toBe('/staff');
    expect(paths.buy).toBe('/buy-esim');
    expect(paths.whatIsEsim).toBe('/what-is-esim');
    expect(href('buy')).toBe('#/buy-esim');
  });

  it.each([
    ['/buy-esim', 'buy'],
    ['#/compatibility', 'compatibility'],
    ['/', 'home'],
    ['/help-center?x=1', 'helpCenter'],
    ['/nope', undefined],
  ])('finds the route of %s', (path, name) => {
    expect(routeForPath(path)).toBe(name);
  });
});
