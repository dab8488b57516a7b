import { useCallback, useEffect, useRef, useState } from 'react';
import { useOwnedObjectUrl } from '../../../hooks/use-object-url';
import { generateImage } from '../../../lib/ai/image';
import { base64ToBlob } from '../../../lib/base64';
import { mediaFileName } from '../lib/media-files';
import { toJpeg } from '../lib/to-jpeg';

export type GeneratedImageView = {
  url: string;
  mimeType: string;
  fileName: string;
  prompt: string;
};

export type ImageGenerationState =
  | { status: 'idle' }
  | { status: 'generating'; startedAt: number }
  | { status: 'error' }
  | { status: 'result'; image: GeneratedImageView };

/**
 * One image per request. A blank prompt or a request in flight is ignored; the image is kept as a
 * JPEG blob URL that is revoked when it is replaced or the page is left (which also cancels).
 */
export function useImageGeneration() {
  const [state, setState] = useState<ImageGenerationState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const { own, release } = useOwnedObjectUrl();

  useEffect(
    () => () => {
      inFlight.current?.abort();
      inFlight.current = null;
    },
    [],
  );

  const generate = useCallback(
    async (prompt: string) => {
      const text = prompt.trim();
      if (!text || inFlight.current) return;
      const controller = new AbortController();
      inFlight.current = controller;
      release();
      setState({ status: 'generating', startedAt: Date.now() });
      try {
        const image = await generateImage(text, controller.signal);
        const blob = await toJpeg(base64ToBlob(image.base64, image.mimeType));
        if (controller.signal.aborted) return;
        const url = own(blob);
        const mimeType = blob.type || image.mimeType;
        setState({
          status: 'result',
          image: { url, mimeType, fileName: mediaFileName('image', mimeType), prompt: text },
        });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error' });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [own, release],
  );

  return { state, generate, busy: state.status === 'generating' };
}
