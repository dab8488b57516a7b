import { isAiError } from '../../../lib/ai/errors';
import { useCallback, useState } from 'react';
import { useServices } from '../../../lib/services';
import { useOwnedObjectUrl } from '../../../hooks/use-object-url';
import { useRequest, type RequestState } from '../../../hooks/use-request';
import { generateVideo, type VideoProgress, type VideoStartImage } from '../../../lib/ai/video';
import { blobToBase64 } from '../../../lib/base64';
import { mediaFileName } from '../lib/media-files';
import { toJpeg } from '../lib/to-jpeg';

export type GeneratedVideoView = {
  url: string;
  mimeType: string;
  fileName: string;
  prompt: string;
};

export type VideoGenerationState =
  | { screen: 'form'; outcome: 'none' | 'error' | 'budget' | 'cancelled' }
  | { screen: 'generating'; startedAt: number; progress: VideoProgress }
  | { screen: 'result'; video: GeneratedVideoView };

const submitting: VideoProgress = { stage: 'submitting' };

/** The long side of a start image re-encoded here: enough for a 1080p video. */
const START_IMAGE_MAX_SIDE = 1920;

/**
 * JPEG and PNG go as they are; other image types are re-encoded as JPEG when the browser can,
 * at most 1920 px on the long side.
 */
async function readStartImage(file: File): Promise<VideoStartImage> {
  const usable = ['image/jpeg', 'image/png'].includes(file.type)
    ? file
    : await toJpeg(file, { maxSide: START_IMAGE_MAX_SIDE });
  return { mimeType: usable.type || file.type, base64: await blobToBase64(usable) };
}

/**
 * Form -> generating (polling) -> result, or back to the form with an error. Leaving the page or
 * cancelling aborts the polling and the download; the video's blob URL is revoked on Start over,
 * on a new video and on unmount.
 */
export function useVideoGeneration() {
  const { ai } = useServices();
  const request = useRequest<GeneratedVideoView>();
  const { run, cancel, reset: resetRequest } = request;
  const [progress, setProgress] = useState<VideoProgress>(submitting);
  const { own, release } = useOwnedObjectUrl();

  const generate = useCallback(
    async (prompt: string, file: File | undefined) => {
      const text = prompt.trim();
      if (!text) return;
      await run(async (signal) => {
        release();
        setProgress(submitting);
        const image = file ? await readStartImage(file) : undefined;
        const video = await generateVideo({
          ai,
          prompt: text,
          image,
          signal,
          onProgress: (next) => {
            if (!signal.aborted) setProgress(next);
          },
        });
        signal.throwIfAborted();
        return {
          url: own(video.blob),
          mimeType: video.mimeType,
          fileName: mediaFileName('video', video.mimeType),
          prompt: text,
        };
      });
    },
    [ai, own, release, run],
  );

  const reset = useCallback(() => {
    resetRequest();
    release();
  }, [release, resetRequest]);

  return { state: toVideoState(request.state, progress), generate, cancel, reset };
}

function toVideoState(
  state: RequestState<GeneratedVideoView>,
  progress: VideoProgress,
): VideoGenerationState {
  switch (state.status) {
    case 'pending':
      return { screen: 'generating', startedAt: state.startedAt, progress };
    case 'success':
      return { screen: 'result', video: state.data };
    case 'error':
      // Today's video budget is spent (decision 121): a retry does not help until tomorrow.
      return {
        screen: 'form',
        outcome: isAiError(state.error) && state.error.kind === 'budget' ? 'budget' : 'error',
      };
    case 'cancelled':
      return { screen: 'form', outcome: 'cancelled' };
    case 'idle':
      return { screen: 'form', outcome: 'none' };
  }
}
