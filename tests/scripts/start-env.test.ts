// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** What scripts/start.sh hands the API, for the ports it is given (issue #24, item 9). */
function startEnv(env: Record<string, string>) {
  const script =
    'source scripts/start-env.sh; printf "%s\\n" "$SHOP_URL" "$SHOP_ORIGINS" "$API_URL"';
  const clean = { PATH: process.env.PATH ?? '', ...env };
  const [shopUrl, shopOrigins, apiUrl] = execFileSync('bash', ['-c', script], {
    env: clean,
    encoding: 'utf8',
  }).split('\n');
  return { shopUrl, shopOrigins, apiUrl };
}

describe('scripts/start.sh settings', () => {
  it('points the order links (SHOP_URL) and CORS at the shop’s own port', () => {
    expect(startEnv({ SHOP_PORT: '4599', PORT: '8599' })).toEqual({
      shopUrl: 'http://127.0.0.1:4599',
      shopOrigins: 'http://127.0.0.1:4599',
      apiUrl: 'http://127.0.0.1:8599',
    });
    expect(startEnv({})).toMatchObject({ shopUrl: 'http://127.0.0.1:5173' });
  });

  it('keeps a SHOP_URL that is set (a real domain)', () => {
    expect(startEnv({ SHOP_PORT: '4599', SHOP_URL: 'https://shop.example' }).shopUrl).toBe(
      'https://shop.example',
    );
  });

  it('start.sh takes its settings from that file', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(await readFile('scripts/start.sh', 'utf8')).toContain('source scripts/start-env.sh');
  });
});
