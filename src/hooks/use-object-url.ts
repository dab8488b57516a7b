import { useCallback, useEffect, useRef, useState } from 'react';

/** An object URL for `blob`, revoked as soon as the blob changes or the component unmounts. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
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
