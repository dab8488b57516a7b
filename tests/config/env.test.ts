// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../scripts/csp';
import { parseEnv, resolveAiMode } from '../../src/config/env-schema';
import { href, paths, routeForPath, routeNames } from '../../src/config/paths';

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

  it('refuses gemini mode with neither a key nor a proxy', () => {
    expect(() => parseEnv({ VITE_AI_MODE: 'gemini' })).toThrowError(
      /needs VITE_GEMINI_API_KEY or VITE_GENAI_BASE_URL/,
    );
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
  it('allows scripts from the site only and connections to the AI service and configured URLs', () => {
    const policy = buildCsp({
      VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com/gemini',
      VITE_ORDER_WEBHOOK_URL: 'https://hooks.example.com/orders',
    });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/generativelanguage\.googleapis\.com \S+ https:\/\/ai-proxy\.example\.com https:\/\/hooks\.example\.com;/,
    );
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval/);
  });
});

describe('route table', () => {
  it('has the 20 routes of the specification', () => {
    expect(routeNames).toHaveLength(20);
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
