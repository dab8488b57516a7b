import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from '../config';
import { serverHolding } from '../db/data-dir-lock';

/**
 * How a CLI that writes reaches the shop's data (issue #23, decision 071): through the running
 * server's staff API (`--server URL` with STAFF_API_KEY or `--key-file FILE`, or STAFF_API_URL),
 * or straight
 * to the database when no server holds it. With the embedded database (PGlite) held by a
 * running server the CLI refuses and says what to do.
 */
export type Target =
  { kind: 'http'; url: string; key: string } | { kind: 'database'; config: Config };

export function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/**
 * The staff key: STAFF_API_KEY, or the first line of `--key-file FILE`. Never an argument
 * (review N10): a command line is readable by every user of the machine (`ps`,
 * /proc/<pid>/cmdline) and stays in shell history, so `--key` is refused with what to do.
 */
export function staffKeyOf(args: string[]): string | undefined {
  if (args.includes('--key')) {
    throw new Error(
      '--key would show the staff key to every user of this machine (ps) and keep it in your ' +
        'shell history: set STAFF_API_KEY, or give --key-file <file> (readable by you only).',
    );
  }
  const file = flag(args, 'key-file');
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0]!.trim() || undefined;
  return process.env.STAFF_API_KEY || undefined;
}

export function targetOf(args: string[], command: string): Target {
  const url = flag(args, 'server') ?? process.env.STAFF_API_URL;
  const key = staffKeyOf(args);
  if (url) {
    if (!key) throw new Error('--server needs a staff key: STAFF_API_KEY or --key-file <file>.');
    return { kind: 'http', url: url.replace(/\/+$/, ''), key };
  }
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const holder = serverHolding(config.dataDir);
    if (holder) {
      throw new Error(
        `The server (pid ${holder.pid}) holds the embedded database in ${config.dataDir}. ` +
          `Send this through it: STAFF_API_KEY=<staff key> npm run ${command} --server http://${holder.address.host}:${holder.address.port} ` +
          '(npm run api-key -- create --staff <name> makes one; or --key-file <file>), or stop the server first.',
      );
    }
  }
  return { kind: 'database', config };
}

/** One staff API call; throws the answer's error message (with its lines) when it is not 2xx. */
export async function staffCall<T>(
  target: Extract<Target, { kind: 'http' }>,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await fetch(`${target.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${target.key}`, Accept: 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string; details?: { line: number; problem: string }[] };
  } | null;
  if (!response.ok) {
    const lines = (body?.error?.details ?? []).map((d) => `\n  line ${d.line}: ${d.problem}`);
    throw new Error(`${body?.error?.message ?? `HTTP ${response.status}`}${lines.join('')}`);
  }
  return body as T;
}
