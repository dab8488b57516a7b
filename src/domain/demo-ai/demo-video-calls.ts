import { jsonResponse, type GeminiCall } from './gemini-rest';

/**
 * Demo answers for the Veo REST calls: `:predictLongRunning` starts an operation, the first poll
 * finds it done, and the download is a few seconds of animation recorded by `record` (in the
 * browser, demo-video.ts's canvas recording; the server has none).
 */

export type DemoJob = { prompt: string; image: { mimeType: string; base64: string } | undefined };

/** The public API root, as real operations name their files (the client rewrites it for a proxy). */
const API_ROOT = 'https://generativelanguage.googleapis.com/v1beta';

const notFound = (what: string) =>
  jsonResponse(
    { error: { code: 404, message: `${what} was not found`, status: 'NOT_FOUND' } },
    { status: 404 },
  );

function readImage(value: unknown): DemoJob['image'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const { bytesBase64Encoded, mimeType } = value as Record<string, unknown>;
  return typeof bytesBase64Encoded === 'string' && typeof mimeType === 'string'
    ? { mimeType, base64: bytesBase64Encoded }
    : undefined;
}

/** Answers demo Veo calls; each holds its own started operations (no module state). */
export type DemoVideoCalls = {
  answer(call: GeminiCall, record: (job: DemoJob) => Promise<Blob>): Promise<Response>;
};

/** One holder of demo operations: one per page, or per server instance (in its AI fetch). */
export function createDemoVideoCalls(): DemoVideoCalls {
  const jobs = new Map<string, DemoJob>();
  let nextId = 1;
  return {
    answer: (call, record) => answerVideoCall(jobs, () => `demo-${nextId++}`, call, record),
  };
}

/** The answer to one demo Veo call, with the operations started so far. */
async function answerVideoCall(
  jobs: Map<string, DemoJob>,
  newId: () => string,
  call: GeminiCall,
  record: (job: DemoJob) => Promise<Blob>,
): Promise<Response> {
  switch (call.kind) {
    case 'predictLongRunning': {
      const id = newId();
      const instance = call.body.instances?.[0];
      jobs.set(id, { prompt: instance?.prompt ?? '', image: readImage(instance?.image) });
      return jsonResponse({ name: `models/${call.model}/operations/${id}` });
    }
    case 'operation': {
      const id = call.name.split('/').at(-1) ?? '';
      if (!jobs.has(id)) return notFound(`Operation ${call.name}`);
      const uri = `${API_ROOT}/files/${id}:download?alt=media`;
      return jsonResponse({
        name: call.name,
        done: true,
        response: {
          '@type':
            'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
          generateVideoResponse: { generatedSamples: [{ video: { uri } }] },
        },
      });
    }
    case 'download': {
      const job = jobs.get(call.file);
      if (!job) return notFound(`File ${call.file}`);
      jobs.delete(call.file);
      const video = await record(job);
      return new Response(video, { status: 200, headers: { 'content-type': video.type } });
    }
    default:
      return notFound('This demo method');
  }
}
