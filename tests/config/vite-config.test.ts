// @vitest-environment node
import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import viteConfig from '../../vite.config';

/** vite.config.ts as `vite build` runs it, with only these VITE_* variables in the environment. */
function buildConfig(variables: Record<string, string>): UserConfig {
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('VITE_')) vi.stubEnv(key, undefined);
  }
  for (const [key, value] of Object.entries(variables)) vi.stubEnv(key, value);
  const configEnv: ConfigEnv = { command: 'build', mode: 'production', isSsrBuild: false };
  return (viteConfig as (env: ConfigEnv) => UserConfig)(configEnv);
}

const bundled = (config: UserConfig) =>
  JSON.parse(String(config.define?.__VALIDATED_ENV__)) as Record<string, unknown>;

describe('vite build', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('stops a build with a webhook and neither key nor proxy', () => {
    expect(() =>
      buildConfig({ VITE_ORDER_WEBHOOK_URL: 'https://orders.example.com/hook' }),
    ).toThrowError(/VITE_ORDER_WEBHOOK_URL is set but none of VITE_API_URL, VITE_GEMINI_API_KEY/);
  });

  it('builds the same configuration when demo mode is asked for by name', () => {
    const config = buildConfig({
      VITE_AI_MODE: 'demo',
      VITE_ORDER_WEBHOOK_URL: 'https://orders.example.com/hook',
    });
    expect(bundled(config)).toMatchObject({ VITE_AI_MODE: 'demo' });
  });

  it('leaves the key out of a demo bundle and a proxy bundle, and keeps it where it is used', () => {
    expect(
      bundled(buildConfig({ VITE_AI_MODE: 'demo', VITE_GEMINI_API_KEY: 'AIza-demo' })),
    ).not.toHaveProperty('VITE_GEMINI_API_KEY');
    expect(
      bundled(
        buildConfig({
          VITE_GEMINI_API_KEY: 'AIza-proxy',
          VITE_GENAI_BASE_URL: 'https://ai-proxy.example.com',
        }),
      ),
    ).not.toHaveProperty('VITE_GEMINI_API_KEY');
    expect(bundled(buildConfig({ VITE_GEMINI_API_KEY: 'AIza-used' }))).toMatchObject({
      VITE_GEMINI_API_KEY: 'AIza-used',
    });
  });
});
