import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  readJson,
  readText,
  removeItem,
  storageAvailable,
  writeJson,
  writeText,
} from '../../src/lib/web-storage';

const KEY = 'esim-shop.test';
const counts = z.object({ helpful: z.number() });

afterEach(() => vi.restoreAllMocks());

describe('web storage', () => {
  it('keeps text and JSON in the area asked for', () => {
    expect(writeText('session', KEY, 'hello')).toBe(true);
    expect(readText('session', KEY)).toBe('hello');
    expect(readText('local', KEY)).toBeNull();
    expect(writeJson('local', KEY, { helpful: 2 })).toBe(true);
    expect(readJson('local', KEY, counts)).toEqual({ helpful: 2 });
    removeItem('local', KEY);
    expect(readJson('local', KEY, counts)).toBeNull();
  });

  it('reads text that is not JSON as null, and removes it', () => {
    localStorage.setItem(KEY, '{oops');
    expect(readJson('local', KEY, counts)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('reads JSON the schema refuses as null, and removes it', () => {
    localStorage.setItem(KEY, JSON.stringify({ helpful: 'many' }));
    expect(readJson('local', KEY, counts)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('says false when the storage is full, and does not throw', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeText('local', KEY, 'x')).toBe(false);
    expect(writeJson('session', KEY, { helpful: 1 })).toBe(false);
  });

  it('reads nothing and writes nothing when the browser forbids storage', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storageAvailable('local')).toBe(false);
    expect(storageAvailable('session')).toBe(true);
    expect(readText('local', KEY)).toBeNull();
    expect(readJson('local', KEY, counts)).toBeNull();
    expect(writeText('local', KEY, 'x')).toBe(false);
    expect(() => removeItem('local', KEY)).not.toThrow();
  });

  it('refuses a value that cannot be written as JSON', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(writeJson('local', KEY, loop)).toBe(false);
  });
});
