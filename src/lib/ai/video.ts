import { GEMINI_API_ORIGIN, GEMINI_API_VERSION, getAiTransport, type AiTransport } from './client';
import type { AiSettings } from './client';
import { AiError, toAiError } from './errors';
import { callRest, type RestOptions } from './rest';
import { sleep as timerSleep } from './signals';
import { pollOperation, videoUriOf, type Sleep, type VideoOperation } from './video-operation';

/**
 * Video from the Veo model. `@google/genai` runs `generateVideos` only on Vertex, so this module
 * speaks the Gemini REST API itself: `:predictLongRunning` starts an operation, the operation is
 * polled until it is done, and the finished video is downloaded with the key in a header.
 */

export type VideoStartImage = { mimeType: string; base64: string };

/** Where a generation is, for a progress display. `checks` counts completed polls. */
export type VideoProgress =
  { stage: 'submitting' } | { stage: 'waiting'; checks: number } | { stage: 'downloading' };

export type VideoTiming = {
  /** Pause between two polls of the operation. */
  pollIntervalMs: number;
  /** Longest wait for the operation; after it the generation fails with `timeout`. */
  maxWaitMs: number;
  /** Limit of one REST call (start, one poll). */
  requestTimeoutMs: number;
  /** Limit of the video download. */
  downloadTimeoutMs: number;
};

/** Veo usually answers in 1-3 minutes and at most about 6 at peak times; we allow 8. */
export const videoTiming: VideoTiming = {
  pollIntervalMs: 10_000,
  maxWaitMs: 8 * 60_000,
  requestTimeoutMs: 60_000,
  downloadTimeoutMs: 180_000,
};

/**
 * Where to download `uri` from. Links of the public API are sent through the configured API root
 * (a proxy, when there is one); the key header goes only to that root, never to another host.
 */
export function downloadTarget(
  uri: string,
  client: Pick<AiTransport, 'apiRoot' | 'authHeaders'>,
): { url: string; headers: Record<string, string> } {
  const publicRoot = `${GEMINI_API_ORIGIN}/${GEMINI_API_VERSION}/`;
  const url = uri.startsWith(publicRoot)
    ? `${client.apiRoot}/${uri.slice(publicRoot.length)}`
    : uri;
  const trusted = url.startsWith(`${client.apiRoot}/`);
  return { url, headers: trusted ? client.authHeaders : {} };
}

function parseOperation(data: unknown): VideoOperation {
  if (typeof data !== 'object' || data === null) {
    throw new AiError('invalid', 'The video operation answer was not an object');
  }
  const operation = data as Partial<VideoOperation>;
  if (typeof operation.name !== 'string' || !operation.name) {
    throw new AiError('invalid', 'The video operation answer has no name');
  }
  return operation as VideoOperation;
}

export type GenerateVideoInput = {
  ai: AiSettings;
  prompt: string;
  image?: VideoStartImage | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: (progress: VideoProgress) => void;
  timing?: Partial<VideoTiming>;
  sleep?: Sleep;
  now?: () => number;
};

export type GeneratedVideo = { blob: Blob; mimeType: string };

/** One video for a prompt and an optional start image. Throws AiError; cancellable by `signal`. */
export async function generateVideo(input: GenerateVideoInput): Promise<GeneratedVideo> {
  const timing = { ...videoTiming, ...input.timing };
  const sleep = input.sleep ?? timerSleep;
  const { signal, onProgress } = input;
  let client: AiTransport;
  try {
    client = await getAiTransport(input.ai);
  } catch (error) {
    throw toAiError(error, signal);
  }
  const rest: RestOptions = { transport: client, sleep, signal };
  const model = client.settings.models.video.replace(/^models\//, '');

  onProgress?.({ stage: 'submitting' });
  const instance = {
    prompt: input.prompt,
    ...(input.image && {
      image: { bytesBase64Encoded: input.image.base64, mimeType: input.image.mimeType },
    }),
  };
  const started = await callRest(
    rest,
    `${client.apiRoot}/models/${model}:predictLongRunning`,
    {
      method: 'POST',
      headers: { ...client.authHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ instances: [instance], parameters: { sampleCount: 1 } }),
    },
    timing.requestTimeoutMs,
    async (response) => parseOperation(await response.json()),
  );

  onProgress?.({ stage: 'waiting', checks: 0 });
  const finished = await pollOperation(started, {
    intervalMs: timing.pollIntervalMs,
    maxWaitMs: timing.maxWaitMs,
    signal,
    sleep,
    now: input.now ?? Date.now,
    onCheck: (checks) => onProgress?.({ stage: 'waiting', checks }),
    getOperation: (name) =>
      callRest(
        rest,
        `${client.apiRoot}/${name}`,
        { headers: client.authHeaders },
        timing.requestTimeoutMs,
        async (response) => parseOperation(await response.json()),
      ),
  });

  const target = downloadTarget(videoUriOf(finished), client);
  onProgress?.({ stage: 'downloading' });
  const blob = await callRest(
    rest,
    target.url,
    { headers: target.headers },
    timing.downloadTimeoutMs,
    (response) => response.blob(),
  );
  if (blob.size === 0) throw new AiError('empty', 'The downloaded video is empty');
  const mimeType = blob.type.startsWith('video/') ? blob.type.split(';')[0]! : 'video/mp4';
  return { blob: blob.type === mimeType ? blob : new Blob([blob], { type: mimeType }), mimeType };
}
