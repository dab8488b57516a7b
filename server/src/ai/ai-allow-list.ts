import type { Config } from '../config';
import type { AiTask } from './ai-health';

/**
 * The Gemini REST calls the shop makes, and nothing else (the AI proxy answers 403 to the
 * rest): its text models generate (and stream, for the chat), its image model generates, and
 * its video model starts a long-running operation, which is then polled and whose file is
 * downloaded. Paths are relative to the API root, e.g. `v1beta/models/gemini-2.5-flash:generateContent`.
 */
export type AiCall = {
  task: AiTask;
  method: 'GET' | 'POST';
  /** The upstream path (no query), as received. */
  path: string;
  /** Query parameters that may go upstream (`alt` only; never a key). */
  query: URLSearchParams;
  /** Generation streams its answer (server-sent events). */
  stream: boolean;
  /** How long the upstream may take to answer with its headers. */
  timeoutMs: number;
};

export const AI_API_VERSION = 'v1beta';

const segment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

type Models = Config['ai']['models'];

/** Which text task a model serves, in the order a streamed or a plain call most likely is. */
function textTask(model: string, models: Models, stream: boolean): AiTask | null {
  const order: AiTask[] = stream
    ? ['chat', 'support', 'compatibility']
    : ['compatibility', 'support', 'chat'];
  const of: Partial<Record<AiTask, string>> = {
    chat: models.chat,
    support: models.support,
    compatibility: models.compatibility,
  };
  const task = order.find((candidate) => of[candidate] === model);
  if (task) return task;
  return model === models.text ? (stream ? 'chat' : 'compatibility') : null;
}

const bare = (model: string) => model.replace(/^models\//, '');

/** The allowed call for `method` and `path`, or null (then the proxy refuses it). */
export function matchAiCall(
  method: string,
  path: string,
  search: URLSearchParams,
  models: Models,
): AiCall | null {
  const parts = path.split('/');
  if (parts[0] !== AI_API_VERSION) return null;
  const alt = search.get('alt');
  const query = new URLSearchParams(alt ? { alt } : {});
  const video = bare(models.video);

  // POST v1beta/models/{model}:{method}
  if (method === 'POST' && parts.length === 3 && parts[1] === 'models') {
    const [model = '', action = ''] = parts[2]!.split(':');
    if (!segment.test(model)) return null;
    if (action === 'generateContent' || action === 'streamGenerateContent') {
      const stream = action === 'streamGenerateContent';
      if (stream && alt !== 'sse') return null;
      const task =
        !stream && model === bare(models.image)
          ? 'image'
          : textTask(model, modelsBare(models), stream);
      if (!task) return null;
      return { task, method, path, query, stream, timeoutMs: task === 'image' ? 120_000 : 90_000 };
    }
    if (action === 'predictLongRunning' && model === video) {
      return { task: 'video', method, path, query, stream: false, timeoutMs: 60_000 };
    }
    return null;
  }
  // GET v1beta/models/{video}/operations/{id}
  if (
    method === 'GET' &&
    parts.length === 5 &&
    parts[1] === 'models' &&
    parts[2] === video &&
    parts[3] === 'operations' &&
    segment.test(parts[4]!)
  ) {
    return { task: 'video', method, path, query, stream: false, timeoutMs: 60_000 };
  }
  // GET v1beta/files/{id}:download?alt=media (the finished video)
  if (method === 'GET' && parts.length === 3 && parts[1] === 'files') {
    const [file = '', action = ''] = parts[2]!.split(':');
    if (action !== 'download' || !segment.test(file) || alt !== 'media') return null;
    return { task: 'video', method, path, query, stream: true, timeoutMs: 180_000 };
  }
  return null;
}

function modelsBare(models: Models): Models {
  return Object.fromEntries(
    Object.entries(models).map(([task, model]) => [task, bare(model)]),
  ) as Models;
}
