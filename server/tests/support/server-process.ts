import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

/**
 * The API server and its CLIs as separate processes, as an owner runs them (issue #25): a
 * server on 127.0.0.1 and a free port, stopped with SIGTERM; a CLI run to its end.
 */

export const root = new URL('../../../', import.meta.url).pathname;
/**
 * `node --import tsx <script>`: one process, where `npx tsx` made three (npm, tsx's wrapper and
 * node) and each started Node again.
 */
export const tsxCommand = (script: string, args: string[] = []): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', script, ...args],
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output: string[];
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
};

/** The environment of a server or CLI: the given store; demo AI and no key unless given. */
export function storeEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.GEMINI_API_KEY;
  const merged: NodeJS.ProcessEnv = { ...inherited, AI_MODE: 'demo', LOG_LEVEL: 'warn', ...env };
  if (!merged.DATABASE_URL) delete merged.DATABASE_URL;
  return merged;
}

/** Starts `server/src/main.ts` and resolves once it answers HTTP. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  // Node with tsx's loader: SIGTERM reaches the server itself (see main.test.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: storeEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: 'pipe',
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 150_000;
  for (;;) {
    try {
      await fetch(`${url}/no-such-path`);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > until) {
        child.kill('SIGKILL');
        throw new Error(`The server on ${port} did not answer:\n${output.join('')}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    child,
    port,
    url,
    output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `server/src/cli/<name>.ts args…` to its end. */
export async function runCli(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      ...tsxCommand(`server/src/cli/${name}.ts`, args),
      { cwd: root, env: storeEnv(env), timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}
