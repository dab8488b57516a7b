import type { BackendModule, ResourceKey } from 'i18next';
import { retryableImport } from '../retry-import';
import { defaultLanguage } from './languages';

export type BundleLoaders = Record<string, () => Promise<{ default: ResourceKey }>>;

export type BundleBackendOptions = {
  /** Loaders by `language/namespace` (the real ones come from import.meta.glob). */
  loaders: BundleLoaders;
  /** Bundles that ship inside the entry, by `language/namespace` (English common and home). */
  bundled?: Record<string, ResourceKey>;
  /** Waits before each retry of a failed load, in ms: one retry per entry. */
  retryDelaysMs?: readonly number[];
  /** Told of each namespace shown in English because its Burmese bundle did not load. */
  onFallback?: (language: string, namespace: string) => void;
  /** Applied to each bundle before i18next gets it (the texts of the shop's mode). */
  transform?: (bundle: ResourceKey) => ResourceKey;
};

/** Two retries, 0.5 s and 1.5 s after a failure: a dropped packet, a busy mobile network. */
export const BUNDLE_RETRY_DELAYS_MS = [500, 1500] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(load: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}

/**
 * i18next's backend for the translation bundles, each its own chunk. A failed load is retried;
 * a Burmese bundle that still does not load is replaced by the English one (and `onFallback`
 * told, so the page can say so) rather than leave raw keys or a blank page. An English bundle
 * that does not load fails: the page's loader then shows the route's error screen.
 */
export function createBundleBackend({
  loaders,
  bundled = {},
  retryDelaysMs = BUNDLE_RETRY_DELAYS_MS,
  onFallback,
  transform = (bundle) => bundle,
}: BundleBackendOptions): BackendModule {
  // Each bundle's loader asks for its chunk under a new URL after a failure (lib/retry-import).
  const retryable = new Map<string, () => Promise<{ default: ResourceKey }>>();
  const load = async (language: string, namespace: string): Promise<ResourceKey> => {
    const name = `${language}/${namespace}`;
    if (bundled[name]) return transform(bundled[name]);
    const loader = loaders[name];
    if (!loader) throw new Error(`No translation bundle ${name}`);
    if (!retryable.has(name)) retryable.set(name, retryableImport(loader));
    return transform((await withRetries(retryable.get(name)!, retryDelaysMs)).default);
  };

  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      load(language, namespace).then(
        (bundle) => callback(null, bundle),
        async (error: unknown) => {
          if (language === defaultLanguage) {
            callback(error as Error, false);
            return;
          }
          try {
            const english = await load(defaultLanguage, namespace);
            onFallback?.(language, namespace);
            callback(null, english);
          } catch {
            callback(error as Error, false);
          }
        },
      );
    },
  };
}
