import { AiError, toAiError } from './errors';
import { sleep as timerSleep } from './signals';

/**
 * Veo's long-running operation: its shape, the polling loop and what a finished operation
 * yields. Pure apart from the injected fetch of one operation, so it is tested without timers.
 */

/** A long-running operation as the REST API returns it (only the fields we read). */
export type VideoOperation = {
  name: string;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type PollOptions = {
  intervalMs: number;
  maxWaitMs: number;
  /** Fetches the operation's current state (one GET). */
  getOperation: (name: string, signal?: AbortSignal) => Promise<VideoOperation>;
  signal?: AbortSignal | undefined;
  sleep?: Sleep;
  now?: () => number;
  /** Called after every completed poll with the number of polls so far. */
  onCheck?: (checks: number) => void;
};

/** google.rpc codes (and HTTP codes) of a failed operation, as an AiError. */
export function operationError(error: NonNullable<VideoOperation['error']>): AiError {
  const code = error.code ?? 0;
  const message = `The video operation failed: ${error.message ?? error.status ?? code}`;
  if (code === 8 || code === 429) return new AiError('quota', message, { status: 429 });
  if (code === 4 || code === 504) return new AiError('timeout', message);
  if ([1, 2, 10, 13, 14].includes(code) || code >= 500) {
    return new AiError('unavailable', message, { status: code >= 500 ? code : undefined });
  }
  return new AiError('rejected', message, { status: code >= 400 ? code : undefined });
}

/**
 * Polls `first` every `intervalMs` until it is done; fails with `timeout` once `maxWaitMs` has
 * passed, with the caller's abort as `aborted`, and with the operation's own error mapped by
 * {@link operationError}. Time and sleeping are injected, so the loop is testable without timers.
 */
export async function pollOperation(
  first: VideoOperation,
  options: PollOptions,
): Promise<VideoOperation> {
  const { sleep = timerSleep, now = Date.now, signal } = options;
  const started = now();
  let operation = first;
  let checks = 0;
  try {
    while (!operation.done) {
      const remaining = options.maxWaitMs - (now() - started);
      if (remaining <= 0) {
        throw new AiError(
          'timeout',
          `The video was not ready after ${Math.round(options.maxWaitMs / 1000)} s`,
        );
      }
      await sleep(Math.min(options.intervalMs, remaining), signal);
      if (signal?.aborted) throw signal.reason;
      const next = await options.getOperation(operation.name, signal);
      operation = { ...next, name: next.name || operation.name };
      checks += 1;
      options.onCheck?.(checks);
    }
  } catch (error) {
    throw toAiError(error, signal);
  }
  if (operation.error) throw operationError(operation.error);
  return operation;
}

/** The video link of a finished operation; `empty` when there is none (or it was filtered). */
export function videoUriOf(operation: VideoOperation): string {
  const result = operation.response?.generateVideoResponse;
  const uri = result?.generatedSamples?.[0]?.video?.uri;
  if (typeof uri === 'string' && uri.trim()) return uri.trim();
  const reasons = result?.raiMediaFilteredReasons?.join(' ');
  throw new AiError(
    'empty',
    reasons ? `The video was filtered: ${reasons}` : 'The finished operation has no video link',
  );
}
