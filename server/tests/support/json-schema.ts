import type { Schema } from '../../../src/features/developers/api/openapi-view';

/**
 * Checks a value against a schema of the OpenAPI document (the JSON Schema subset the document
 * uses: $ref, type, enum, const, properties, required, items, oneOf/anyOf). Returns the problems.
 */
export function schemaProblems(
  schemas: Record<string, Schema>,
  schema: Schema | undefined,
  value: unknown,
  at = '$',
): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = schemas[name];
    if (!target) return [`${at}: unknown $ref ${schema.$ref}`];
    return schemaProblems(schemas, target, value, at);
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    const fits = alternatives.some(
      (alternative) => schemaProblems(schemas, alternative, value, at).length === 0,
    );
    return fits ? [] : [`${at}: matches none of the alternatives`];
  }
  if (schema.const !== undefined && value !== schema.const) {
    return [`${at}: expected ${JSON.stringify(schema.const)}`];
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 0 && !types.some((type) => isType(type, value))) {
    return [`${at}: expected ${types.join(' | ')}, got ${JSON.stringify(value)}`];
  }
  const problems: string[] = [];
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) =>
      problems.push(...schemaProblems(schemas, schema.items, item, `${at}[${index}]`)),
    );
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) problems.push(`${at}.${name}: missing`);
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (name in record) {
        problems.push(...schemaProblems(schemas, property, record[name], `${at}.${name}`));
      }
    }
  }
  return problems;
}

function isType(type: string, value: unknown) {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
