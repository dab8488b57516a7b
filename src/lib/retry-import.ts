/**
 * Chromium (150 and later) keeps a dynamic import that failed (offline, a dropped connection)
 * for the page's whole life: the same URL fails again even once the connection is back, so a
 * plain retry can never succeed without a reload. A retry must ask for the module under a new
 * URL: the one that failed (Chromium and Firefox name it in the error) with a `retry` query. A
 * module loaded that way is a second copy; only modules whose first load failed are asked for
 * again, so no module runs twice.
 */

/** The URL of the module whose dynamic import failed, when the error names it. */
export function failedModuleUrl(error: unknown): string | undefined {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message ? /dynamically imported module:?\s*(\S+)/i.exec(message)?.[1] : undefined;
}

let retries = 0;

/** The URL with a fresh `retry` query (kept apart from any query it has). */
export function retryUrl(url: string): string {
  retries += 1;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${retries}`;
}

/**
 * A loader for `load` (a plain `() => import('…')`) that can be retried: after a failure that
 * names its module, the next call imports that module under a new URL; otherwise it calls `load`
 * again.
 */
export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let failed: string | undefined;
  return async () => {
    try {
      return failed ? ((await import(/* @vite-ignore */ retryUrl(failed))) as T) : await load();
    } catch (error) {
      failed = failedModuleUrl(error) ?? failed;
      throw error;
    }
  };
}
