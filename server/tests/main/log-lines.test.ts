import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { turnBatchedLines } from '../../src/platform/log-lines';
import { root } from '../support/server-process';

/**
 * The server's log lines on stdout (decision 103): written synchronously, a turn of the event
 * loop's lines together at its end, in order, and every line still held written when the
 * process exits.
 */

const folder = mkdtempSync(join(tmpdir(), 'esim-log-lines-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turnBatchedLines', () => {
  it('holds the lines of one turn and writes them, in order, when the turn ends', async () => {
    const file = join(folder, 'turn.log');
    const fd = openSync(file, 'w');
    const lines = turnBatchedLines(fd);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    lines.write('{"n":3,"text":"မင်္ဂလာပါ"}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3,"text":"မင်္ဂလာပါ"}\n');
    // A later turn's line follows them.
    lines.write('{"n":4}\n');
    await nextTurn();
    expect(readFileSync(file, 'utf8').split('\n').at(-2)).toBe('{"n":4}');
    closeSync(fd);
  });

  it('writes the lines it holds at once on flushSync', async () => {
    const file = join(folder, 'flush.log');
    const fd = openSync(file, 'w');
    const lines = turnBatchedLines(fd);
    lines.write('{"n":1}\n');
    lines.flushSync();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n');
    // Nothing is written twice when the turn ends.
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n');
    closeSync(fd);
  });

  it('writes every line a process logged before it exits, even with no turn left to end', async () => {
    // pino through the server's logger, 2,000 lines, then process.exit in the same turn.
    const script = [
      `import { createLogger } from ${JSON.stringify(join(root, 'server/src/platform/logger.ts'))};`,
      `import { turnBatchedLines } from ${JSON.stringify(join(root, 'server/src/platform/log-lines.ts'))};`,
      `const logger = createLogger('info', turnBatchedLines(1));`,
      `for (let n = 0; n < 2000; n += 1) logger.info({ n }, 'line');`,
      `process.exit(3);`,
    ].join('\n');
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
    const failed = await run.then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string },
    );
    expect(failed?.code).toBe(3);
    const numbers = failed!.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: 2000 }, (_, n) => n));
  }, 60_000);
});
