import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process';

/**
 * `npm run server` conventions (issue #13, point 9): PORT and DATA_DIR make side-by-side copies
 * possible, and SIGTERM stops a copy cleanly (exit code 0). Real processes, real sockets.
 */

type Copy = { child: ChildProcess; port: number; dataDir: string; output: string[] };
const copies: Copy[] = [];

async function start(extraEnv: NodeJS.ProcessEnv = {}): Promise<Copy> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'esim-server-'));
  const output: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AI_MODE: 'demo',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (!extraEnv.VITE_MMQR_MERCHANT_ID) delete env.VITE_MMQR_MERCHANT_ID;
  delete env.GEMINI_API_KEY;
  // Node with tsx's loader, as scripts/start.sh runs it: SIGTERM reaches the server itself. Not
  // `npx tsx` (npm dies of the SIGTERM it forwards), nor the tsx CLI, which relays a signal to
  // its child and kills it (exit code 143) when the child has not said within 30 ms that it got
  // it: on a busy machine it had not (seen twice in a CI run made under load).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env,
    stdio: 'pipe',
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const copy = { child, port, dataDir, output };
  copies.push(copy);
  return copy;
}

async function answers(copy: Copy, timeoutMs = 150_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${copy.port}/no-such-path`);
    } catch (error) {
      if (copy.child.exitCode !== null || Date.now() > until) {
        throw new Error(`The server on ${copy.port} did not answer:\n${copy.output.join('')}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const exited = (copy: Copy) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (copy.child.exitCode !== null) resolve({ code: copy.child.exitCode, signal: null });
    else copy.child.once('exit', (code, signal) => resolve({ code, signal }));
  });

afterAll(() => {
  for (const copy of copies) {
    if (copy.child.exitCode === null) copy.child.kill('SIGKILL');
    rmSync(copy.dataDir, { recursive: true, force: true });
  }
});

describe('npm run server', () => {
  it('runs two copies side by side on their own PORT and DATA_DIR, and stops each on SIGTERM with exit code 0', async () => {
    // The second copy has a merchant account of its own; the first the example values.
    const [one, two] = await Promise.all([
      start(),
      start({ VITE_MMQR_MERCHANT_ID: '5012345678901234', VITE_MMQR_TERMINAL_ID: '10020' }),
    ]);
    const [first, second] = await Promise.all([answers(one!), answers(two!)]);
    // Each copy answers in the API's one error shape, on its own port.
    for (const response of [first, second]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'No GET /no-such-path here.' },
      });
    }
    expect(one!.port).not.toBe(two!.port);
    // Each keeps its embedded database in its own folder.
    expect(readdirSync(one!.dataDir).length).toBeGreaterThan(0);
    expect(readdirSync(two!.dataDir).length).toBeGreaterThan(0);

    // The server closes its socket and its database and exits by itself.
    one!.child.kill('SIGTERM');
    two!.child.kill('SIGTERM');
    const [a, b] = await Promise.all([exited(one!), exited(two!)]);
    expect(a).toEqual({ code: 0, signal: null });
    expect(b).toEqual({ code: 0, signal: null });
    expect(one!.output.join('')).toContain('"msg":"stopping"');
    // A newcomer is told at start that the merchant ids are placeholders (issue #24).
    expect(one!.output.join('')).toMatch(
      /"level":40,.*"code":"merchant_placeholder".*still hold the example values/,
    );
    expect(two!.output.join('')).not.toContain('merchant_placeholder');
    await expect(fetch(`http://127.0.0.1:${one!.port}/`)).rejects.toThrow();
  }, 180_000);

  it('writes every request line, in order, before it exits on SIGTERM (decision 103)', async () => {
    const copy = await start();
    await answers(copy);
    const paths = Array.from({ length: 40 }, (_, n) => `/no-such-path-${n}`);
    for (const path of paths) {
      expect((await fetch(`http://127.0.0.1:${copy.port}${path}`)).status).toBe(404);
    }
    copy.child.kill('SIGTERM');
    expect(await exited(copy)).toEqual({ code: 0, signal: null });
    const records = copy.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number });
    const logged = records
      .filter((record) => record.msg === 'request' && record.path?.startsWith('/no-such-path-'))
      .map((record) => record.path);
    expect(logged).toEqual(paths);
    // The stop's two lines are the last, after every request's (decision 119: "stopped" once
    // everything is closed).
    expect(records.slice(-2).map((record) => record.msg)).toEqual(['stopping', 'stopped']);
  }, 180_000);
});
