import { useCallback, useEffect, useRef, useState } from 'react';
import { checkStartImage } from '../lib/media-files';

export type StartImage = { file: File; previewUrl: string };
export type StartImageNotice = { kind: 'not-image' | 'too-large'; name: string };

/**
 * The optional start image of a video: only image files are taken (anything else is ignored with a
 * notice); the preview blob URL is revoked on remove, replace, clear and unmount.
 */
export function useStartImage() {
  const [image, setImage] = useState<StartImage | null>(null);
  const [notice, setNotice] = useState<StartImageNotice | null>(null);
  const current = useRef<StartImage | null>(null);

  const replace = useCallback((next: StartImage | null) => {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = next;
    setImage(next);
  }, []);

  useEffect(() => () => replace(null), [replace]);

  const select = useCallback(
    (file: File | undefined) => {
      if (!file) return;
      const check = checkStartImage(file);
      if (check !== 'ok') {
        setNotice({ kind: check, name: file.name });
        return;
      }
      setNotice(null);
      replace({ file, previewUrl: URL.createObjectURL(file) });
    },
    [replace],
  );

  const clear = useCallback(() => {
    setNotice(null);
    replace(null);
  }, [replace]);

  return { image, notice, select, clear };
}
