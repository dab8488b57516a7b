import { useCallback } from 'react';
import { useServices } from '../../../lib/services';
import { useOwnedObjectUrl } from '../../../hooks/use-object-url';
import { useRequest, type RequestState } from '../../../hooks/use-request';
import { isAiError } from '../../../lib/ai/errors';
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
  /** `budget`: the shop's server says today's image budget is spent (decision 121). */
  | { status: 'error'; budget: boolean }
  | { status: 'result'; image: GeneratedImageView };

/**
 * One image per request. A blank prompt or a request in flight is ignored; the image is kept as a
 * JPEG blob URL that is revoked when it is replaced or the page is left (which also cancels).
 */
export function useImageGeneration() {
  const { ai } = useServices();
  const request = useRequest<GeneratedImageView>();
  const { run } = request;
  const { own, release } = useOwnedObjectUrl();

  const generate = useCallback(
    async (prompt: string) => {
      const text = prompt.trim();
      if (!text) return;
      await run(async (signal) => {
        release();
        const image = await generateImage(ai, text, signal);
        const blob = await toJpeg(base64ToBlob(image.base64, image.mimeType));
        signal.throwIfAborted();
        const mimeType = blob.type || image.mimeType;
        return {
          url: own(blob),
          mimeType,
          fileName: mediaFileName('image', mimeType),
          prompt: text,
        };
      });
    },
    [ai, own, release, run],
  );

  return { state: toImageState(request.state), generate, busy: request.pending };
}

function toImageState(state: RequestState<GeneratedImageView>): ImageGenerationState {
  switch (state.status) {
    case 'pending':
      return { status: 'generating', startedAt: state.startedAt };
    case 'success':
      return { status: 'result', image: state.data };
    case 'error':
      return { status: 'error', budget: isAiError(state.error) && state.error.kind === 'budget' };
    default:
      return { status: 'idle' };
  }
}
