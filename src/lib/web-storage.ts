/**
 * Web Storage that never throws: reading or writing localStorage/sessionStorage can fail in
 * private mode, when storage is full (QuotaExceededError) or disabled (SecurityError). Every
 * module that keeps something in the browser goes through here. Stored JSON is read through a
 * schema (zod's safeParse, or anything shaped like it): what does not parse is removed and read
 * as null, so a damaged or outdated value cannot break a page. No zod import here: this module
 * is in the entry chunk, and zod is not.
 */

export type StorageArea = 'local' | 'session';

/** A zod schema, or anything with its safeParse. */
export type StorageSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

function area(name: StorageArea): Storage | null {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the browser lets this page use the storage area at all. */
export const storageAvailable = (name: StorageArea) => area(name) !== null;

/** The text stored under `key`, or null when there is none or storage cannot be read. */
export function readText(name: StorageArea, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`; false when the browser refused (private mode, storage full, disabled). */
export function writeText(name: StorageArea, key: string, value: string): boolean {
  try {
    const storage = area(name);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(name: StorageArea, key: string) {
  try {
    area(name)?.removeItem(key);
  } catch {
    // Nothing to do: the value was not stored either.
  }
}

/**
 * The JSON stored under `key`, parsed by `schema`; null when there is none. Text that is not
 * JSON, or JSON the schema refuses, is removed and read as null.
 */
export function readJson<T>(name: StorageArea, key: string, schema: StorageSchema<T>): T | null {
  const text = readText(name, key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    removeItem(name, key);
    return null;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  removeItem(name, key);
  return null;
}

/** Stores `value` as JSON; false when the browser refused. */
export function writeJson(name: StorageArea, key: string, value: unknown): boolean {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return false;
  }
  return writeText(name, key, text);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
