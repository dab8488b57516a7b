/**
 * A response schema written with plain strings, so that no module imports the SDK's runtime
 * `Type` enum (that would pull the whole SDK into the importing chunk).
 */
export type PlainSchema = {
  type: 'OBJECT' | 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY';
  properties?: Record<string, PlainSchema>;
  required?: string[];
  enum?: string[];
  nullable?: boolean;
  items?: PlainSchema;
};
