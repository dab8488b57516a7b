import { useCallback, useState } from 'react';
import { useOwnedObjectUrl } from '../../../hooks/use-object-url';
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
  const { own, release } = useOwnedObjectUrl();

  const select = useCallback(
    (file: File | undefined) => {
      if (!file) return;
      const check = checkStartImage(file);
      if (check !== 'ok') {
        setNotice({ kind: check, name: file.name });
        return;
      }
      setNotice(null);
      setImage({ file, previewUrl: own(file) });
    },
    [own],
  );

  const clear = useCallback(() => {
    setNotice(null);
    release();
    setImage(null);
  }, [release]);

  return { image, notice, select, clear };
}
