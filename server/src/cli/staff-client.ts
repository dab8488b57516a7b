import { loadConfig, type Config } from '../config';
import { serverHolding } from '../db/data-dir-lock';

/**
 * How a CLI that writes reaches the shop's data (issue #23, decision 071): through the running
 * server's staff API (`--server URL --key KEY`, or STAFF_API_URL / STAFF_API_KEY), or straight
 * to the database when no server holds it. With the embedded database (PGlite) held by a
 * running server the CLI refuses and says what to do.
 */
export type Target =
  { kind: 'http'; url: string; key: string } | { kind: 'database'; config: Config };

export function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

export function targetOf(args: string[], command: string): Target {
  const url = flag(args, 'server') ?? process.env.STAFF_API_URL;
  const key = flag(args, 'key') ?? process.env.STAFF_API_KEY;
  if (url) {
    if (!key) throw new Error('--server needs a staff key: --key <key> (or STAFF_API_KEY).');
    return { kind: 'http', url: url.replace(/\/+$/, ''), key };
  }
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const holder = serverHolding(config.dataDir);
    if (holder) {
      throw new Error(
        `The server (pid ${holder.pid}) holds the embedded database in ${config.dataDir}. ` +
          `Send this through it: npm run ${command} --server http://${holder.address.host}:${holder.address.port} ` +
          '--key <staff key> (npm run api-key -- create --staff <name> makes one), or stop the server first.',
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
