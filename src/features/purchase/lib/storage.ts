/** Web Storage that never throws (private mode, storage full, disabled cookies). */

type Area = 'local' | 'session';

function area(name: Area): Storage | null {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The parsed JSON stored under `key`, or undefined when there is none or it is unreadable. */
export function readJson(name: Area, key: string): unknown {
  try {
    const text = area(name)?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; false when the browser refused. */
export function writeJson(name: Area, key: string, value: unknown): boolean {
  try {
    const storage = area(name);
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(name: Area, key: string) {
  try {
    area(name)?.removeItem(key);
  } catch {
    // Nothing to do: the value was not stored either.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
