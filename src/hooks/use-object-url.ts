import { useCallback, useEffect, useMemo, useRef } from 'react';

/** One URL per blob while it is shown, so that a render done twice makes no second URL. */
const urls = new WeakMap<Blob, string>();

function urlOf(blob: Blob): string {
  let url = urls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(blob, url);
  }
  return url;
}

function revoke(blob: Blob, url: string) {
  URL.revokeObjectURL(url);
  if (urls.get(blob) === url) urls.delete(blob);
}

/**
 * An object URL for `blob`, revoked as soon as the blob changes or the component unmounts.
 *
 * The URL is made while rendering (one per blob, however often it renders), so the
 * first render already shows it and no effect has to set state. Revoking waits one task: when
 * React runs an effect's cleanup and setup again at once (StrictMode, a re-shown Activity), the
 * setup takes the URL back before it is revoked.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? urlOf(blob) : null), [blob]);
  const revoking = useRef<{ url: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    if (!blob || !url) return;
    if (revoking.current?.url === url) {
      clearTimeout(revoking.current.timer);
      revoking.current = null;
    }
    return () => {
      revoking.current = { url, timer: setTimeout(() => revoke(blob, url), 0) };
    };
  }, [blob, url]);
  return url;
}

/**
 * For hooks that make object URLs as results arrive: `own(blob)` gives the blob a URL and revokes
 * the one it had before; `release()` revokes it; unmounting releases it too.
 */
export function useOwnedObjectUrl() {
  const current = useRef<string | null>(null);
  const release = useCallback(() => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = null;
  }, []);
  const own = useCallback(
    (blob: Blob) => {
      release();
      current.current = URL.createObjectURL(blob);
      return current.current;
    },
    [release],
  );
  useEffect(() => release, [release]);
  return { own, release };
}
