import i18next, { type ResourceKey } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createBundleBackend, type BundleLoaders } from '../../../src/lib/i18n/bundle-backend';

const english = { greeting: 'Hello' };
const burmese = { greeting: 'မင်္ဂလာပါ' };
const englishPage = { title: 'Buy an eSIM' };

/** A bundle loader that fails its first `failures` calls, as a dropped connection would. */
function flaky(bundle: ResourceKey, failures: number) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) {
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    return { default: bundle };
  });
  return load;
}

/** The test's own keys, outside the app's typed ones. */
const text = (instance: typeof i18next, key: string, ns?: string) =>
  (instance.t as unknown as (key: string, options?: { ns?: string }) => string)(key, { ns });

async function start(loaders: BundleLoaders, language = 'my', ns = ['common']) {
  const onFallback = vi.fn();
  const instance = i18next.createInstance();
  await instance
    .use(
      createBundleBackend({
        loaders,
        bundled: { 'en/common': english },
        retryDelaysMs: [1, 1],
        onFallback,
      }),
    )
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'my'],
      ns,
      defaultNS: ns[0],
      partialBundledLanguages: true,
      resources: { en: { common: english } },
    });
  return { instance, onFallback };
}

describe('createBundleBackend', () => {
  it('retries a bundle that failed to load, and shows it once it loads', async () => {
    const load = flaky(burmese, 2);
    const { instance, onFallback } = await start({ 'my/common': load });
    expect(load).toHaveBeenCalledTimes(3);
    expect(text(instance, 'greeting')).toBe('မင်္ဂလာပါ');
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('falls back to English, and says so, when the Burmese bundle never loads', async () => {
    const load = flaky(burmese, Infinity);
    const { instance, onFallback } = await start({ 'my/common': load });
    expect(load).toHaveBeenCalledTimes(3);
    expect(text(instance, 'greeting')).toBe('Hello');
    expect(onFallback).toHaveBeenCalledWith('my', 'common');
  });

  it("falls back to a page's English bundle, loaded on demand", async () => {
    const { instance, onFallback } = await start({
      'my/common': flaky(burmese, 0),
      'my/purchase': flaky({ title: 'eSIM ဝယ်ရန်' }, Infinity),
      'en/purchase': flaky(englishPage, 0),
    });
    await instance.loadNamespaces('purchase');
    expect(text(instance, 'title', 'purchase')).toBe('Buy an eSIM');
    expect(text(instance, 'greeting')).toBe('မင်္ဂလာပါ');
    expect(onFallback).toHaveBeenCalledWith('my', 'purchase');
  });

  it('leaves an English bundle that never loads missing (the page then shows its error screen)', async () => {
    const { instance } = await start({ 'en/purchase': flaky(englishPage, Infinity) }, 'en');
    await instance.loadNamespaces('purchase');
    expect(instance.hasResourceBundle('en', 'purchase')).toBe(false);
  });

  it('loads the Burmese bundle again on a later try, once the connection is back', async () => {
    const load = flaky(burmese, 3);
    const { instance } = await start({ 'my/common': load });
    expect(text(instance, 'greeting')).toBe('Hello');
    await instance.reloadResources(['my'], ['common']);
    expect(text(instance, 'greeting')).toBe('မင်္ဂလာပါ');
  });
});
