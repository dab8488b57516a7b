import type { OpenAPIHono } from '@hono/zod-openapi';
import { security, tags } from '../platform/http/common-schemas';
import { samples, type CurlSample, type OperationSamples } from './samples';

export const API_INFO = {
  title: 'eSIM Myanmar API',
  version: '1.0.0',
  description:
    'Data-only eSIM plans for Myanmar. Every error answers { "error": { "code", "message" } }. ' +
    'Parts marked x-ours are this shop’s additions to the specified API.',
};

type Operation = {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  parameters?: { in: string; name: string; example?: unknown; schema?: { example?: unknown } }[];
  'x-codeSamples'?: unknown;
};

/** A code sample in Redoc's x-codeSamples form, with the status a curl command gets. */
export type CodeSample = { lang: string; label: string; source: string; 'x-status'?: number };

/** A plain example for an operation nobody wrote one for: its path, method and key. */
function generatedSamples(method: string, path: string, operation: Operation): OperationSamples {
  let url = path;
  for (const parameter of operation.parameters ?? []) {
    const example = parameter.example ?? parameter.schema?.example ?? `{${parameter.name}}`;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, String(example));
  }
  const secured = (operation.security?.length ?? 0) > 0;
  const success = Object.keys(operation.responses ?? {}).find((status) => /^2\d\d$/.test(status));
  const upper = method.toUpperCase();
  const parts = [`curl${upper === 'GET' ? '' : ` -X ${upper}`} "$API_BASE_URL${url}"`];
  if (secured) parts.push('-H "x-api-key: $API_KEY"');
  const fetchOptions = [
    ...(upper === 'GET' ? [] : [`method: '${upper}'`]),
    ...(secured ? ["headers: { 'x-api-key': process.env.API_KEY }"] : []),
  ];
  return {
    curl: [{ command: parts.join(' \\\n  '), status: Number(success ?? 200) }],
    fetch: `const response = await fetch(\`\${API_BASE_URL}${url}\`${
      fetchOptions.length ? `, { ${fetchOptions.join(', ')} }` : ''
    });
const body = await response.json();`,
  };
}

function codeSamples(curl: readonly CurlSample[], fetch: string): CodeSample[] {
  return [
    ...curl.map((sample) => ({
      lang: 'Shell',
      label: 'curl',
      source: sample.comment ? `# ${sample.comment}\n${sample.command}` : sample.command,
      'x-status': sample.status,
    })),
    { lang: 'JavaScript', label: 'fetch', source: fetch },
  ];
}

/**
 * The OpenAPI 3.1 document of every route the app has (from their zod schemas), with the
 * security schemes, tags and the request examples /developers prints.
 */
export function buildOpenApiDocument(app: OpenAPIHono) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: API_INFO,
    servers: [
      {
        url: 'http://127.0.0.1:8787',
        description: 'npm run server. In production: the base URL given with your API key.',
      },
    ],
    tags: tags.map((tag) => ({ ...tag })),
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      apiKeyHeader: { ...security.apiKeyHeader },
      bearerKey: { ...security.bearerKey },
      paymentSignature: { ...security.paymentSignature },
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const given = samples[`${method.toUpperCase()} ${path}`];
      const { curl, fetch } = given ?? generatedSamples(method, path, operation);
      operation['x-codeSamples'] = codeSamples(curl, fetch);
    }
  }
  return document;
}
