import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callEs2plus,
  ES2PLUS_MAX_ANSWER_BYTES,
  Es2plusError,
} from '../../src/provisioning/es2plus-client';
import { es2plusFetchers } from '../../src/provisioning/es2plus-tls';
import type {
  Es2plusOperator,
  ProvisioningConfig,
} from '../../src/provisioning/provisioning-config';
import { isSmdpHost } from '../../src/provisioning/provisioning-worker';

/** Review N8: what the ES2+ transport refuses from a misbehaving SM-DP+ or a misconfiguration. */
const success = { header: { functionExecutionStatus: { status: 'Executed-Success' } } };

describe('the ES2+ transport', () => {
  let server: Server;
  let base = '';
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url?.includes('/redirect/')) {
        response.writeHead(307, { Location: `${base}/elsewhere/gsma/rsp2/es2plus/downloadOrder` });
        response.end();
      } else if (request.url?.includes('/huge/')) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ ...success, padding: 'x'.repeat(ES2PLUS_MAX_ANSWER_BYTES) }));
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ ...success, iccid: '8995000000000000001' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const operator = (path: string): Es2plusOperator => ({
    source: 'es2plus',
    url: `${base}${path}`,
    requesterId: 'shop',
    profileTypes: {},
    tls: { cert: undefined, key: undefined, ca: undefined },
    callbackToken: undefined,
    releaseProfile: false,
  });
  const call = (path: string) =>
    callEs2plus(
      { operator: operator(path), fetch, randomUUID: () => 'id', timeoutMs: 10_000 },
      'downloadOrder',
      {},
    );

  it('follows no redirect: the request goes nowhere else, and the call is refused', async () => {
    hits.length = 0;
    const refused = await call('/redirect').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Es2plusError);
    expect((refused as Error).message).toMatch(/redirect/);
    expect(hits.filter((url) => url.startsWith('/elsewhere'))).toEqual([]);
  });

  it('refuses an answer larger than 64 KB', async () => {
    const refused = await call('/huge').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Es2plusError);
    expect((refused as Error).message).toMatch(/larger than 65536 bytes/);
  });

  it('reads an ordinary answer', async () => {
    expect(await call('/ok')).toEqual({ iccid: '8995000000000000001' });
  });

  it('accepts only a host name (and port) as the answer’s smdpAddress', () => {
    expect(isSmdpHost('smdp.atom.example')).toBe(true);
    expect(isSmdpHost('smdp.atom.example:8443')).toBe(true);
    for (const bad of [
      'evil.example$x',
      'http://smdp.example',
      '127.0.0.1',
      'smdp',
      'a b.example',
    ]) {
      expect(isSmdpHost(bad)).toBe(false);
    }
  });
});

describe('ES2+ TLS settings', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'es2plus-tls-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses a CA given without a client certificate, never the system store silently', () => {
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    const config = {
      operators: {
        atom: { ...baseOperator(), tls: { cert: undefined, key: undefined, ca } },
        mytel: baseOperator(),
        mpt: { source: 'stock' },
        ooredoo: { source: 'stock' },
      },
    } as unknown as ProvisioningConfig;
    const fetchers = es2plusFetchers(config);
    expect(fetchers('atom')).not.toBe(fetch);
    expect(fetchers('mytel')).toBe(fetch);
  });

  it('stops the start when the CA file cannot be read, naming its variable', () => {
    const config = {
      operators: {
        atom: { ...baseOperator(), tls: { cert: undefined, key: undefined, ca: join(dir, 'no') } },
      },
    } as unknown as ProvisioningConfig;
    expect(() => es2plusFetchers(config)).toThrow(/ES2PLUS_ATOM_CA: cannot read/);
  });
});

function baseOperator(): Es2plusOperator {
  return {
    source: 'es2plus',
    url: 'https://smdp.example',
    requesterId: 'shop',
    profileTypes: {},
    tls: { cert: undefined, key: undefined, ca: undefined },
    callbackToken: undefined,
    releaseProfile: false,
  };
}
