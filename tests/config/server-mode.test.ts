// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCsp, GEMINI_ORIGIN } from '../../scripts/csp';
import { parseEnv, resolveAiMode } from '../../src/config/env-schema';

const connectSrc = (policy: string) =>
  /(?:^|; )connect-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];

describe('server mode configuration (VITE_API_URL)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('refuses a browser key together with the API: the key belongs on the server', () => {
    expect(() =>
      parseEnv({ VITE_API_URL: 'https://api.shop.example', VITE_GEMINI_API_KEY: 'AIza-secret' }),
    ).toThrowError(/VITE_GEMINI_API_KEY must not be set with VITE_API_URL/);
    expect(parseEnv({ VITE_API_URL: 'https://api.shop.example' }).VITE_API_URL).toBe(
      'https://api.shop.example',
    );
    expect(() => parseEnv({ VITE_API_URL: 'api.shop.example' })).toThrowError(
      /VITE_API_URL: not a URL/,
    );
  });

  it('uses the AI service (through the server) rather than the demo', () => {
    expect(resolveAiMode({ VITE_AI_MODE: 'auto', VITE_API_URL: 'https://api.shop.example' })).toBe(
      'gemini',
    );
    expect(() =>
      parseEnv({ VITE_AI_MODE: 'gemini', VITE_API_URL: 'https://api.shop.example' }),
    ).not.toThrow();
  });

  it('lets the page connect to the API only, not to Gemini', () => {
    const connect = connectSrc(buildCsp(parseEnv({ VITE_API_URL: 'https://api.shop.example/' })));
    expect(connect).toEqual(["'self'", 'https://api.shop.example']);
    expect(connect).not.toContain(GEMINI_ORIGIN);
  });

  it('points the AI client at the proxy and the status page at the real GET /status', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.shop.example/');
    vi.stubEnv('VITE_GEMINI_API_KEY', '');
    const { env } = await import('../../src/config/env');
    expect(env.apiUrl).toBe('https://api.shop.example');
    expect(env.ai.baseUrl).toBe('https://api.shop.example/ai');
    expect(env.ai.mode).toBe('gemini');
    expect(env.ai.apiKey).toBe('');
    expect(env.statusUrl).toBe('https://api.shop.example/status');
  });
});
