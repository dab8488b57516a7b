/**
 * Reads the OpenAPI document (openapi.json, generated from the server's routes by
 * `npm run openapi`) into what /developers shows: endpoints, their fields and examples. Only the
 * parts of OpenAPI 3.1 the document uses are read.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  description?: string;
  example?: unknown;
  'x-ours'?: boolean;
};

type Content = { 'application/json'?: { schema?: Schema; example?: unknown } };
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  description?: string;
  'x-ours'?: boolean;
};
type CodeSample = { lang: string; label: string; source: string; 'x-status'?: number };
export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, unknown[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
  'x-codeSamples'?: CodeSample[];
  'x-ours'?: boolean;
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  security?: Record<string, unknown[]>[];
};

export type Access = 'public' | 'apiKey' | 'signature';
export type Method = 'GET' | 'POST';

export type Field = {
  name: string;
  type: string;
  required: boolean;
  ours: boolean;
  /** The document's own description (English); the page prefers the translated one. */
  description: string | undefined;
};

export type Endpoint = {
  /** The key of its translated texts in dev.json (developers.endpoints.<id>). */
  id: string;
  method: Method;
  path: string;
  access: Access;
  ours: boolean;
  summary: string | undefined;
  description: string | undefined;
  parameters: Field[];
  requestFields: Field[];
  responseFields: Field[];
  /** The curl examples as one shell snippet, as printed. */
  curl: string;
  fetch: string;
  /** The success response's example body, as JSON text. */
  response: string | undefined;
  /** Documented statuses other than the success one. */
  otherStatuses: string[];
};

/** The tags /developers documents, in this order (the shop's own endpoints are not for partners). */
export const documentedTags = ['status', 'catalogue', 'partner', 'payments'] as const;

/** dev.json keys of the endpoints SPEC names; any other endpoint uses its operationId. */
const textIds: Record<string, string> = {
  'GET /status': 'status',
  'GET /plans': 'plans',
  'POST /purchase': 'purchase',
  'POST /v1/activate': 'activate',
  'GET /v1/profile/{orderId}': 'profile',
  'POST /api/payments/notifications': 'notifications',
};

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.replace('#/components/schemas/', '');
  return { ...resolve(document, document.components?.schemas?.[name]), ...omitRef(schema) };
}

const omitRef = ({ $ref: _ref, ...rest }: Schema) => rest;

/** A short type: `string`, `number | null`, `"a" | "b"`, `object[]`. */
export function typeOf(document: OpenApiDocument, raw: Schema | undefined): string {
  const schema = resolve(document, raw);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map((item) => typeOf(document, item)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((type) => (type === 'array' ? `${typeOf(document, schema.items)}[]` : type))
      .join(' | ') || 'any'
  );
}

/** Every field of a schema, nested ones as `a.b` and inside arrays as `a[].b`. */
export function fieldsOf(document: OpenApiDocument, raw: Schema | undefined, prefix = ''): Field[] {
  const schema = resolve(document, raw);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    const seen = new Map<string, Field>();
    for (const alternative of alternatives) {
      for (const field of fieldsOf(document, alternative, prefix)) {
        if (!seen.has(field.name)) seen.set(field.name, field);
      }
    }
    return [...seen.values()];
  }
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    return fieldsOf(document, schema.items, `${prefix}[].`.replace(/^\[\]\./, '[].'));
  }
  const fields: Field[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = `${prefix}${key}`;
    const resolved = resolve(document, property);
    fields.push({
      name,
      type: typeOf(document, property),
      required: schema.required?.includes(key) ?? false,
      ours: resolved['x-ours'] === true,
      description: resolved.description,
    });
    const inner = resolve(document, resolved.type === 'array' ? resolved.items : resolved);
    if (inner.properties || inner.oneOf || inner.anyOf) {
      fields.push(
        ...fieldsOf(document, inner, resolved.type === 'array' ? `${name}[].` : `${name}.`),
      );
    }
  }
  return fields;
}

const successOf = (operation: Operation) =>
  Object.keys(operation.responses ?? {}).find((status) => /^2\d\d$/.test(status));

/** The endpoints /developers documents, in tag order, then in the document's order. */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  const endpoints: (Endpoint & { tag: number })[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = documentedTags.findIndex((name) => operation.tags?.includes(name));
      if (tag < 0) continue;
      const upper = method.toUpperCase() as Method;
      const success = successOf(operation);
      const body = success
        ? operation.responses?.[success]?.content?.['application/json']
        : undefined;
      const example = body?.example ?? resolve(document, body?.schema).example;
      const samples = operation['x-codeSamples'] ?? [];
      const security = operation.security ?? document.security ?? [];
      endpoints.push({
        tag,
        id: textIds[`${upper} ${path}`] ?? operation.operationId ?? `${method}-${path}`,
        method: upper,
        path,
        access: security.some((scheme) => 'paymentSignature' in scheme)
          ? 'signature'
          : security.length > 0
            ? 'apiKey'
            : 'public',
        ours: operation['x-ours'] === true,
        summary: operation.summary,
        description: operation.description,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          type: `${parameter.in}: ${typeOf(document, parameter.schema)}`,
          required: parameter.required ?? false,
          ours:
            parameter['x-ours'] === true || resolve(document, parameter.schema)['x-ours'] === true,
          description: parameter.description,
        })),
        requestFields: fieldsOf(
          document,
          operation.requestBody?.content?.['application/json']?.schema,
        ),
        responseFields: body ? fieldsOf(document, body.schema) : [],
        curl: samples
          .filter((sample) => sample.lang === 'Shell')
          .map((sample) => sample.source)
          .join('\n\n'),
        fetch: samples.find((sample) => sample.lang === 'JavaScript')?.source ?? '',
        response: example === undefined ? undefined : JSON.stringify(example, null, 2),
        otherStatuses: Object.keys(operation.responses ?? {}).filter(
          (status) => status !== success,
        ),
      });
    }
  }
  return endpoints
    .map((endpoint, index) => ({ endpoint, index }))
    .sort((a, b) => a.endpoint.tag - b.endpoint.tag || a.index - b.index)
    .map(({ endpoint: { tag: _tag, ...endpoint } }) => endpoint);
}

/** The curl commands of an operation with the status each gets (for the test that runs them). */
export function curlExamples(operation: Operation) {
  return (operation['x-codeSamples'] ?? [])
    .filter((sample) => sample.lang === 'Shell')
    .map((sample) => ({ source: sample.source, status: sample['x-status'] }));
}
