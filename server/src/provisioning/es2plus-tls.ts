import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { OperatorId } from '#domain/catalogue';
import type { ProvisioningConfig } from './provisioning-config';
import { ES2PLUS_MAX_ANSWER_BYTES } from './es2plus-client';

/**
 * TLS towards an SM-DP+ (Node only): with ES2PLUS_<OP>_CERT and _KEY (mutual TLS) and/or _CA
 * (the SM-DP+'s own certificate authority), that operator's ES2+ calls go through node:https
 * with them, as a `fetch`. A CA alone is used too, never silently ignored for the system's trust
 * store (review N8). The files are read once at start; a missing file stops the start, naming
 * its variable. Answers larger than {@link ES2PLUS_MAX_ANSWER_BYTES} are cut off with an error.
 */
export function es2plusFetchers(
  config: ProvisioningConfig,
): (operatorId: OperatorId) => typeof fetch {
  const fetchers = new Map<string, typeof fetch>();
  for (const [id, setting] of Object.entries(config.operators)) {
    if (setting.source !== 'es2plus') continue;
    if (!setting.tls.ca && !(setting.tls.cert && setting.tls.key)) continue;
    const op = id.toUpperCase();
    const read = (path: string, variable: string) => {
      try {
        return readFileSync(path);
      } catch (error) {
        throw new Error(
          `ES2PLUS_${op}_${variable}: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    };
    const agent = new Agent({
      ...(setting.tls.cert && setting.tls.key
        ? { cert: read(setting.tls.cert, 'CERT'), key: read(setting.tls.key, 'KEY') }
        : {}),
      ...(setting.tls.ca ? { ca: read(setting.tls.ca, 'CA') } : {}),
      keepAlive: true,
    });
    fetchers.set(id, tlsFetch(agent));
  }
  return (operatorId) => fetchers.get(operatorId) ?? fetch;
}

/**
 * A POST-with-a-body `fetch` over node:https with `agent` (what the ES2+ client needs; KBZPay's
 * refunds use it too, with their client certificate).
 */
export function tlsFetch(agent: Agent): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const outgoing = request(url, { method: init?.method ?? 'GET', headers, agent }, (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ES2PLUS_MAX_ANSWER_BYTES) {
            answer.destroy();
            reject(new Error(`the answer is larger than ${ES2PLUS_MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        answer.on('end', () =>
          resolve(
            new Response(answer.statusCode === 204 ? null : Buffer.concat(chunks), {
              status: answer.statusCode ?? 502,
              headers: Object.entries(answer.headers).flatMap(([name, value]) =>
                value === undefined ? [] : [[name, String(value)] as [string, string]],
              ),
            }),
          ),
        );
        answer.on('error', reject);
      });
      const signal = init?.signal;
      signal?.addEventListener('abort', () => outgoing.destroy(signal.reason as Error));
      outgoing.on('error', reject);
      if (typeof init?.body === 'string') outgoing.write(init.body);
      outgoing.end();
    });
}
