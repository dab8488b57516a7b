import { describe, expect, it } from 'vitest';
import { failedModuleUrl, retryableImport, retryUrl } from '../../src/lib/retry-import';

const chromiumError = (url: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('failedModuleUrl', () => {
  it('reads the module from Chromium’s and Firefox’s messages', () => {
    expect(failedModuleUrl(chromiumError('http://127.0.0.1:4173/assets/common-AbC1.js'))).toBe(
      'http://127.0.0.1:4173/assets/common-AbC1.js',
    );
    expect(
      failedModuleUrl(
        new TypeError(
          'error loading dynamically imported module: https://shop.example/assets/x.js',
        ),
      ),
    ).toBe('https://shop.example/assets/x.js');
  });

  it('knows nothing of other errors (Safari names no URL)', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleUrl(undefined)).toBeUndefined();
  });
});

describe('retryUrl', () => {
  it('adds a fresh retry query, apart from an existing one', () => {
    const first = retryUrl('https://shop.example/assets/x.js');
    const second = retryUrl('https://shop.example/assets/x.js');
    expect(first).toMatch(/^https:\/\/shop\.example\/assets\/x\.js\?retry=\d+$/);
    expect(second).not.toBe(first);
    expect(retryUrl('https://shop.example/x.js?v=2')).toMatch(/\?v=2&retry=\d+$/);
  });
});

describe('retryableImport', () => {
  it('loads normally while nothing fails', async () => {
    let calls = 0;
    const load = retryableImport(async () => {
      calls += 1;
      return { default: 'bundle' };
    });
    await expect(load()).resolves.toEqual({ default: 'bundle' });
    await expect(load()).resolves.toEqual({ default: 'bundle' });
    expect(calls).toBe(2);
  });

  it('after a failure that names its module, asks for that module under a new URL', async () => {
    // A data: module stands in for the chunk: importing it with a query gives a new URL that loads
    // (the source ends in a comment, which the query joins).
    const source = 'export default "bundle"//';
    const url = `data:text/javascript,${encodeURIComponent(source)}`;
    let calls = 0;
    const load = retryableImport(async (): Promise<{ default: string }> => {
      calls += 1;
      throw chromiumError(url);
    });
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(calls).toBe(1);
    // The retry does not call `load` (the same URL would fail again in Chromium): it imports the
    // named module under a new URL (here the query lands in the source's closing comment).
    const retried = (await load()) as { default: string };
    expect(retried.default).toBe('bundle');
    expect(calls).toBe(1);
  });

  it('calls load again when the error names no module', async () => {
    let calls = 0;
    const load = retryableImport(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Importing a module script failed.');
      return { default: 'bundle' };
    });
    await expect(load()).rejects.toThrow();
    await expect(load()).resolves.toEqual({ default: 'bundle' });
    expect(calls).toBe(2);
  });
});
