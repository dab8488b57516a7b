import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  curlExamples,
  type OpenApiDocument,
  type Schema,
} from '../../../src/features/developers/api/openapi-view';
import { OPENAPI_FILE } from '../../src/openapi/file';
import { API_KEY_PREFIX } from '../../src/platform/api-keys';
import { schemaProblems } from '../support/json-schema';
import { runCli, startServer, type ServerProcess } from '../support/server-process';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { createTestDatabase, type TestDatabase } from '../support/test-app';

/**
 * The curl examples printed on /developers, run as printed (through bash, with API_BASE_URL,
 * API_KEY and ORDER_ID set) against `npm run server` on a free 127.0.0.1 port with its own store:
 * each must get the status written next to it and a body of the documented shape. The key is
 * made by `npm run api-key` as an operator makes it; ORDER_ID is an order bought with that key.
 */
const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
const schemas = document.components?.schemas ?? {};
const examples = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    curlExamples(operation).map((example, index) => ({
      name: `${method.toUpperCase()} ${path} #${index + 1}`,
      ...example,
      responses: operation.responses ?? {},
    })),
  ),
);

/** The key the command prints, alone on its line (decision 026: prefix + 32 base64url). */
const printedKey = new RegExp(`^(${API_KEY_PREFIX}[A-Za-z0-9_-]{32})$`, 'm');

/** The notification example signs with it (as an acquirer would with the shared secret). */
const NOTIFY_SECRET = 'docs-notify-secret-0123456789';

let server: ServerProcess | undefined;
let dataDir: string;
let database: TestDatabase | undefined;
let baseUrl: string;
let apiKey = '';
let staffKey = '';
let orderId = '';
let shopOrder = { id: '', token: '' };
/** Find my eSIMs sends email: without a mail server it answers 503, not its documented 202. */
let smtp: SmtpCatcher | undefined;

function storeEnv(): Record<string, string> {
  return database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'esim-docs-'));
  smtp = await startSmtpCatcher();
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
  }
  // Before the server starts: an embedded store has one user at a time.
  const created = await runCli('api-key', ['create', '--name', 'docs'], storeEnv());
  expect(created.code, created.stderr).toBe(0);
  apiKey = printedKey.exec(created.stdout)?.[1] ?? '';
  expect(apiKey, `no key in the CLI's output:\n${created.stdout}`).not.toBe('');
  const staff = await runCli('api-key', ['create', '--staff', 'docs staff'], storeEnv());
  expect(staff.code, staff.stderr).toBe(0);
  staffKey = printedKey.exec(staff.stdout)?.[1] ?? '';
  server = await startServer({
    ...storeEnv(),
    PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
    SMTP_URL: smtp.url,
  });
  baseUrl = server.url;
  // The order the activate and profile examples name, bought with the docs key.
  const bought = await fetch(`${baseUrl}/purchase`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ operator: 'MPT', contactInfo: 'docs@example.com' }),
  });
  expect(bought.status).toBe(201);
  orderId = ((await bought.json()) as { number: string }).number.replace(/^#/, '');
  // The shop's order its own examples read and pay (as this website makes one).
  const made = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ planId: 'power-30', operatorId: 'mpt', contact: 'shop@example.com' }),
  });
  expect(made.status).toBe(201);
  const shop = (await made.json()) as { order: { id: string }; token: string };
  shopOrder = { id: shop.order.id, token: shop.token };
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the curl examples on /developers, run as printed', () => {
  it('exist for every endpoint of the document', () => {
    expect(examples.map((example) => example.name)).toEqual(
      expect.arrayContaining([
        'GET /status #1',
        'GET /plans #1',
        'POST /purchase #1',
        'POST /purchase #2',
        'POST /purchase #3',
        'POST /v1/activate #1',
        'GET /v1/profile/{orderId} #1',
      ]),
    );
  });

  it('use a key made by npm run api-key', () => expect(apiKey).toMatch(printedKey));

  it.each(examples)(
    '$name gets its documented status and shape',
    ({ source, status, responses }) => {
      const run = spawnSync(
        'bash',
        ['-c', `curl() { command curl -sS -w '\\n%{http_code}' "$@"; }\n${source}`],
        {
          env: {
            ...process.env,
            API_BASE_URL: baseUrl,
            API_KEY: apiKey,
            STAFF_KEY: staffKey,
            PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
            ORDER_ID: orderId,
            SHOP_ORDER_ID: shopOrder.id,
            ORDER_TOKEN: shopOrder.token,
          },
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      const got = Number(lines.pop());
      const body = lines.join('\n');
      expect(got, body).toBe(status);
      const schema = (
        responses[String(status)] as { content?: Record<string, { schema?: Schema }> } | undefined
      )?.content?.['application/json']?.schema;
      if (schema) {
        expect(schemaProblems(schemas, schema, JSON.parse(body) as unknown)).toEqual([]);
      } else {
        expect(body, `${status} has no documented body`).toBe('');
      }
    },
  );
});
