import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDocument } from '#domain/catalogue-document';
import { createLogger } from '../../src/platform/logger';
import { createTestApp, type TestApp, testStore } from '../support/test-app';

/**
 * GET /plans is answered before the router, its headers made once (decision 103): on the wire it
 * must be the answer the route and the edge middleware make together, which HEAD /plans (still
 * routed) shows byte for byte, and it must log its request line as the edge does.
 */

const SHOP = 'https://shop.example';

/** One request on its own connection, as raw HTTP/1.1; the whole answer as text. */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** The status line and headers, the Date aside (it changes by the second). */
const headOf = (answer: string) =>
  answer
    .slice(0, answer.indexOf('\r\n\r\n'))
    .split('\r\n')
    .filter((line) => !line.startsWith('Date: '));
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe(`GET /plans on the wire (${testStore})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  let server: ServerType;
  let port: number;
  let etag: string;

  beforeAll(async () => {
    t = await createTestApp({
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      env: { SHOP_ORIGINS: SHOP },
    });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
    etag = (await t.app.request('/plans')).headers.get('ETag')!;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('writes the same status line and headers as the routed answer (HEAD), for every origin and validator', async () => {
    const variants: Record<string, string[]> = {
      plain: [],
      'the shop': [`Origin: ${SHOP}`],
      'another origin': ['Origin: https://evil.example'],
      'its ETag': [`If-None-Match: ${etag}`],
      'its weak ETag in a list, from the shop': [
        `If-None-Match: "old", W/${etag}`,
        `Origin: ${SHOP}`,
      ],
      'another ETag': ['If-None-Match: "old"'],
    };
    for (const [name, extra] of Object.entries(variants)) {
      const headers = extra.map((header) => `\r\n${header}`).join('');
      const got = await raw(port, `GET /plans HTTP/1.1${headers}`);
      const routed = await raw(port, `HEAD /plans HTTP/1.1${headers}`);
      expect(headOf(got), name).toEqual(headOf(routed));
      const fresh = extra.some((header) => header.includes(etag));
      expect(headOf(got)[0], name).toBe(fresh ? 'HTTP/1.1 304 Not Modified' : 'HTTP/1.1 200 OK');
      expect(bodyOf(got), name).toBe(fresh ? '' : JSON.stringify(catalogueDocument()));
    }
    // The headers themselves, once, as the edge and the route set them.
    const shop = headOf(await raw(port, `GET /plans HTTP/1.1\r\nOrigin: ${SHOP}`));
    expect(shop).toEqual([
      'HTTP/1.1 200 OK',
      `access-control-allow-origin: ${SHOP}`,
      'access-control-expose-headers: Retry-After,Idempotent-Replayed,X-AI-Mode',
      'cache-control: public, max-age=300',
      `content-length: ${Buffer.byteLength(JSON.stringify(catalogueDocument()))}`,
      'content-type: application/json; charset=UTF-8',
      `etag: ${etag}`,
      'vary: Origin',
      'x-ai-mode: gemini',
      'x-content-type-options: nosniff',
      'Connection: close',
    ]);
  });

  it('logs one request line per GET, with its status, as the edge does for routed requests', async () => {
    lines.length = 0;
    await raw(port, 'GET /plans HTTP/1.1');
    await raw(port, `GET /plans?lang=my HTTP/1.1\r\nIf-None-Match: ${etag}`);
    await raw(port, 'HEAD /plans HTTP/1.1');
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.msg === 'request')
      .map(({ method, path, status }) => ({ method, path, status }));
    expect(requests).toEqual([
      { method: 'GET', path: '/plans', status: 200 },
      { method: 'GET', path: '/plans', status: 304 },
      { method: 'HEAD', path: '/plans', status: 200 },
    ]);
  });

  it('answers GET /plans synchronously, without the router; other paths and methods go through it', () => {
    expect(t.app.fetch(new Request('http://localhost/plans'))).toBeInstanceOf(Response);
    expect(t.app.fetch(new Request('http://localhost/plans/'))).toBeInstanceOf(Promise);
    expect(t.app.fetch(new Request('http://localhost/plans', { method: 'HEAD' }))).toBeInstanceOf(
      Promise,
    );
  });
});
