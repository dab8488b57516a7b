import { useCallback, useEffect, useRef, useState } from 'react';
import { useOwnedObjectUrl } from '../../../hooks/use-object-url';
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
  | { screen: 'form'; outcome: 'none' | 'error' | 'cancelled' }
  | { screen: 'generating'; startedAt: number; progress: VideoProgress }
  | { screen: 'result'; video: GeneratedVideoView };

const initial: VideoGenerationState = { screen: 'form', outcome: 'none' };

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
  const [state, setState] = useState<VideoGenerationState>(initial);
  const inFlight = useRef<AbortController | null>(null);
  const { own, release } = useOwnedObjectUrl();

  const stop = () => {
    inFlight.current?.abort();
    inFlight.current = null;
  };

  useEffect(() => stop, []);

  const generate = useCallback(
    async (prompt: string, file: File | undefined) => {
      const text = prompt.trim();
      if (!text || inFlight.current) return;
      const controller = new AbortController();
      inFlight.current = controller;
      release();
      setState({ screen: 'generating', startedAt: Date.now(), progress: { stage: 'submitting' } });
      try {
        const image = file ? await readStartImage(file) : undefined;
        const video = await generateVideo({
          prompt: text,
          image,
          signal: controller.signal,
          onProgress: (progress) => {
            if (controller.signal.aborted) return;
            setState((now) => (now.screen === 'generating' ? { ...now, progress } : now));
          },
        });
        if (controller.signal.aborted) return;
        const url = own(video.blob);
        setState({
          screen: 'result',
          video: {
            url,
            mimeType: video.mimeType,
            fileName: mediaFileName('video', video.mimeType),
            prompt: text,
          },
        });
      } catch {
        if (!controller.signal.aborted) setState({ screen: 'form', outcome: 'error' });
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [own, release],
  );

  const cancel = useCallback(() => {
    stop();
    setState({ screen: 'form', outcome: 'cancelled' });
  }, []);

  const reset = useCallback(() => {
    stop();
    release();
    setState(initial);
  }, [release]);

  return { state, generate, cancel, reset };
}
