import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { silentLogger } from '../platform/logger';
import { createRuntime } from '../platform/runtime';
import { buildOpenApiDocument } from './document';

/** The SPA's copy of the document, which /developers renders. */
export const OPENAPI_FILE = new URL(
  '../../../src/features/developers/api/openapi.json',
  import.meta.url,
);

const unused = () => {
  throw new Error('The OpenAPI document is built without handling a request');
};

/** The document as committed: generated from the routes, formatted by Prettier as configured. */
export async function openApiFileText(): Promise<string> {
  const app = createApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database: {
      kind: 'pglite',
      db: {},
      rawTransaction: unused,
      ping: unused,
      close: unused,
    } as unknown as Database,
    now: () => 0,
    randomUUID: unused,
    randomBytes: unused,
    aiFetch: unused,
    logger: silentLogger,
    runtime: createRuntime(),
  });
  // The repository's Prettier settings, so `prettier --check .` agrees with the generated file.
  const options = await resolveConfig(fileURLToPath(OPENAPI_FILE));
  return format(JSON.stringify(buildOpenApiDocument(app)), { ...options, parser: 'json' });
}
