import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerDemoVideoCall } from '../../../src/lib/ai/demo/demo-video';
import { AiError } from '../../../src/lib/ai/errors';
import { sleep as timerSleep } from '../../../src/lib/ai/signals';
import { downloadTarget, generateVideo, type VideoProgress } from '../../../src/lib/ai/video';
import {
  operationError,
  pollOperation,
  videoUriOf,
  type VideoOperation,
} from '../../../src/lib/ai/video-operation';
import { GEMINI, server } from '../../support/msw-server';
import { failure, testAi } from '../../support/ai';

const OPERATION = 'models/veo-3.0-fast-generate-001/operations/op-123';
const VIDEO_URI = `${GEMINI}/v1beta/files/vid-9:download?alt=media`;
const finished: VideoOperation = {
  name: OPERATION,
  done: true,
  response: { generateVideoResponse: { generatedSamples: [{ video: { uri: VIDEO_URI } }] } },
};
const running: VideoOperation = { name: OPERATION };

/** A clock that only moves when the injected sleep "waits". */
function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

describe('pollOperation', () => {
  it('polls every interval until the operation is done (here on the third poll)', async () => {
    const time = fakeTime();
    const answers = [running, running, finished];
    const checks: number[] = [];
    const polled: string[] = [];
    const result = await pollOperation(running, {
      intervalMs: 10_000,
      maxWaitMs: 60_000,
      sleep: time.sleep,
      now: time.now,
      onCheck: (count) => checks.push(count),
      getOperation: (name) => {
        polled.push(name);
        return Promise.resolve(answers.shift()!);
      },
    });
    expect(result).toEqual(finished);
    expect(time.waits).toEqual([10_000, 10_000, 10_000]);
    expect(checks).toEqual([1, 2, 3]);
    expect(polled).toEqual([OPERATION, OPERATION, OPERATION]);
  });

  it('does not poll an operation that is already done', async () => {
    const time = fakeTime();
    let polls = 0;
    await pollOperation(finished, {
      intervalMs: 10_000,
      maxWaitMs: 60_000,
      sleep: time.sleep,
      now: time.now,
      getOperation: () => {
        polls += 1;
        return Promise.resolve(finished);
      },
    });
    expect(polls).toBe(0);
    expect(time.waits).toEqual([]);
  });

  it('fails with timeout once the maximum wait has passed, after a last shorter wait', async () => {
    const time = fakeTime();
    let polls = 0;
    const error = await failure(
      pollOperation(running, {
        intervalMs: 10_000,
        maxWaitMs: 35_000,
        sleep: time.sleep,
        now: time.now,
        getOperation: () => {
          polls += 1;
          return Promise.resolve(running);
        },
      }),
    );
    expect(error.kind).toBe('timeout');
    expect(time.waits).toEqual([10_000, 10_000, 10_000, 5_000]);
    expect(polls).toBe(4);
  });

  it('stops at once, as aborted, when the caller cancels during a wait', async () => {
    const controller = new AbortController();
    let polls = 0;
    const polling = pollOperation(running, {
      intervalMs: 10_000,
      maxWaitMs: 60_000,
      signal: controller.signal,
      sleep: timerSleep,
      getOperation: () => {
        polls += 1;
        return Promise.resolve(running);
      },
    });
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    expect((await failure(polling)).kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(polls).toBe(0);
  });

  it('stops when the caller cancels during a poll', async () => {
    const controller = new AbortController();
    const time = fakeTime();
    const error = await failure(
      pollOperation(running, {
        intervalMs: 10_000,
        maxWaitMs: 60_000,
        signal: controller.signal,
        sleep: time.sleep,
        now: time.now,
        getOperation: () => {
          controller.abort();
          return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
        },
      }),
    );
    expect(error.kind).toBe('aborted');
    expect(time.waits).toHaveLength(1);
  });

  it.each([
    [{ code: 8, message: 'Resource exhausted' }, 'quota'],
    [{ code: 13, message: 'Internal error' }, 'unavailable'],
    [{ code: 14, message: 'Unavailable' }, 'unavailable'],
    [{ code: 3, message: 'The prompt was blocked' }, 'rejected'],
    [{ code: 4, message: 'Deadline exceeded' }, 'timeout'],
    [{ code: 500, message: 'HTTP style code' }, 'unavailable'],
  ] as const)('maps the operation error %j to %s', async (error, kind) => {
    const time = fakeTime();
    const result = await failure(
      pollOperation(running, {
        intervalMs: 10_000,
        maxWaitMs: 60_000,
        sleep: time.sleep,
        now: time.now,
        getOperation: () => Promise.resolve({ name: OPERATION, done: true, error }),
      }),
    );
    expect(result.kind).toBe(kind);
    expect(result.message).toContain(error.message);
    expect(operationError(error).kind).toBe(kind);
  });

  it('maps a failed poll request to an AiError', async () => {
    const time = fakeTime();
    const error = await failure(
      pollOperation(running, {
        intervalMs: 10_000,
        maxWaitMs: 60_000,
        sleep: time.sleep,
        now: time.now,
        getOperation: () => Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    expect(error.kind).toBe('network');
  });
});

describe('videoUriOf and downloadTarget', () => {
  it('reads the first sample link, or fails with empty', () => {
    expect(videoUriOf(finished)).toBe(VIDEO_URI);
    expect(() => videoUriOf({ name: OPERATION, done: true, response: {} })).toThrow(AiError);
    const filtered = {
      name: OPERATION,
      done: true,
      response: {
        generateVideoResponse: {
          raiMediaFilteredCount: 1,
          raiMediaFilteredReasons: ['The prompt was filtered.'],
        },
      },
    };
    expect(() => videoUriOf(filtered)).toThrow(/filtered/);
  });

  it('sends the key only to the API root, and routes public links through a proxy', () => {
    const direct = { apiRoot: `${GEMINI}/v1beta`, authHeaders: { 'x-goog-api-key': 'k' } };
    expect(downloadTarget(VIDEO_URI, direct)).toEqual({
      url: VIDEO_URI,
      headers: { 'x-goog-api-key': 'k' },
    });
    expect(downloadTarget('https://storage.example/video.mp4', direct)).toEqual({
      url: 'https://storage.example/video.mp4',
      headers: {},
    });
    const proxy = { apiRoot: 'https://ai.shop.example/gemini/v1beta', authHeaders: {} };
    expect(downloadTarget(VIDEO_URI, proxy).url).toBe(
      'https://ai.shop.example/gemini/v1beta/files/vid-9:download?alt=media',
    );
  });
});

describe('generateVideo against the REST API', () => {
  const predictUrl = `${GEMINI}/v1beta/models/:model\\:predictLongRunning`;
  const operationUrl = `${GEMINI}/v1beta/models/:model/operations/:id`;
  const downloadUrl = `${GEMINI}/v1beta/files/:file`;
  const videoBytes = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]);

  const ai = testAi({ retry: { attempts: 3, initialDelaySeconds: 0.01 } });

  type Seen = { method: string; url: string; key: string | null; body?: unknown };

  /** Scripts the three endpoints; `polls` are the operation answers in order. */
  function script(polls: (VideoOperation | Response)[], download?: () => Response) {
    const seen: Seen[] = [];
    server.use(
      http.post(predictUrl, async ({ request }) => {
        seen.push({
          method: 'predict',
          url: request.url,
          key: request.headers.get('x-goog-api-key'),
          body: await request.json(),
        });
        return HttpResponse.json({ name: OPERATION });
      }),
      http.get(operationUrl, ({ request }) => {
        seen.push({ method: 'poll', url: request.url, key: request.headers.get('x-goog-api-key') });
        const next = polls.length > 1 ? polls.shift()! : polls[0]!;
        return next instanceof Response ? next : HttpResponse.json(next);
      }),
      http.get(downloadUrl, ({ request }) => {
        seen.push({
          method: 'download',
          url: request.url,
          key: request.headers.get('x-goog-api-key'),
        });
        return download
          ? download()
          : new HttpResponse(videoBytes, { headers: { 'content-type': 'video/mp4' } });
      }),
    );
    return seen;
  }

  it('starts the operation, polls it until done and downloads the video with the key in a header', async () => {
    const seen = script([running, running, finished]);
    const time = fakeTime();
    const progress: VideoProgress[] = [];
    const video = await generateVideo({
      ai,
      prompt: 'Balloons over Bagan',
      image: { mimeType: 'image/png', base64: 'iVBORw0KGgo=' },
      sleep: time.sleep,
      now: time.now,
      onProgress: (p) => progress.push(p),
    });
    expect(video.mimeType).toBe('video/mp4');
    expect(new Uint8Array(await video.blob.arrayBuffer())).toEqual(videoBytes);
    expect(seen.map((call) => call.method)).toEqual([
      'predict',
      'poll',
      'poll',
      'poll',
      'download',
    ]);
    expect(seen[0]!.url).toMatch(/\/v1beta\/models\/veo-[\w.-]+:predictLongRunning$/);
    expect(seen[0]!.body).toEqual({
      instances: [
        {
          prompt: 'Balloons over Bagan',
          image: { bytesBase64Encoded: 'iVBORw0KGgo=', mimeType: 'image/png' },
        },
      ],
      parameters: { sampleCount: 1 },
    });
    expect(seen[1]!.url).toBe(`${GEMINI}/v1beta/${OPERATION}`);
    expect(seen[4]!.url).toBe(VIDEO_URI);
    for (const call of seen) {
      expect(call.key).toBe('test-key');
      expect(call.url).not.toContain('test-key');
    }
    expect(time.waits).toEqual([10_000, 10_000, 10_000]);
    expect(progress).toEqual([
      { stage: 'submitting' },
      { stage: 'waiting', checks: 0 },
      { stage: 'waiting', checks: 1 },
      { stage: 'waiting', checks: 2 },
      { stage: 'waiting', checks: 3 },
      { stage: 'downloading' },
    ]);
  });

  it('sends no image when there is none', async () => {
    const seen = script([finished]);
    const time = fakeTime();
    await generateVideo({ ai, prompt: 'Rain in Yangon', sleep: time.sleep, now: time.now });
    expect(seen[0]!.body).toEqual({
      instances: [{ prompt: 'Rain in Yangon' }],
      parameters: { sampleCount: 1 },
    });
  });

  it('retries 503 and 429 answers with doubling delays', async () => {
    const busy = (status: number) =>
      HttpResponse.json({ error: { code: status, message: 'busy' } }, { status });
    const seen = script([busy(429), running, busy(503), finished]);
    let predictCalls = 0;
    server.use(
      http.post(predictUrl, () => {
        predictCalls += 1;
        return predictCalls === 1 ? busy(503) : HttpResponse.json({ name: OPERATION });
      }),
    );
    const time = fakeTime();
    await generateVideo({ ai, prompt: 'Ferry on the river', sleep: time.sleep, now: time.now });
    expect(predictCalls).toBe(2);
    expect(seen.filter((call) => call.method === 'poll')).toHaveLength(4);
    expect(time.waits).toEqual([10, 10_000, 10, 10_000, 10]);
  });

  it.each([
    ['a finished operation with no link', [{ name: OPERATION, done: true, response: {} }], 'empty'],
    [
      'an operation error',
      [running, { name: OPERATION, done: true, error: { code: 3, message: 'Blocked prompt' } }],
      'rejected',
    ],
    ['an operation that never finishes', [running], 'timeout'],
  ] as const)('fails on %s', async (_label, polls, kind) => {
    script([...polls]);
    const time = fakeTime();
    const error = await failure(
      generateVideo({
        ai,
        prompt: 'A tea shop at dawn',
        sleep: time.sleep,
        now: time.now,
        timing: { maxWaitMs: 60_000 },
      }),
    );
    expect(error.kind).toBe(kind);
  });

  it.each([
    [
      () => HttpResponse.json({ error: { code: 404, message: 'gone' } }, { status: 404 }),
      'rejected',
    ],
    [() => new HttpResponse('oops', { status: 500 }), 'unavailable'],
    [() => HttpResponse.error(), 'network'],
    [
      () => new HttpResponse(new Uint8Array(), { headers: { 'content-type': 'video/mp4' } }),
      'empty',
    ],
  ])('maps a failed download (%#) to %s', async (download, kind) => {
    script([finished], download);
    const time = fakeTime();
    const error = await failure(
      generateVideo({ ai, prompt: 'Night market', sleep: time.sleep, now: time.now }),
    );
    expect(error.kind).toBe(kind);
  });

  it('labels a download without a video type as MP4', async () => {
    script([finished], () => new HttpResponse(videoBytes));
    const time = fakeTime();
    const video = await generateVideo({ ai, prompt: 'Lake', sleep: time.sleep, now: time.now });
    expect(video.mimeType).toBe('video/mp4');
    expect(video.blob.type).toBe('video/mp4');
  });

  it('cancels the polling when the caller aborts, with no request after it', async () => {
    const seen = script([running]);
    const controller = new AbortController();
    const call = generateVideo({
      ai,
      prompt: 'Sunset over Inle',
      signal: controller.signal,
      timing: { pollIntervalMs: 40 },
      onProgress: (progress) => {
        if (progress.stage === 'waiting' && progress.checks === 2) controller.abort();
      },
    });
    expect((await failure(call)).kind).toBe('aborted');
    const count = seen.length;
    await timerSleep(120);
    expect(seen.length).toBe(count);
    expect(seen.map((c) => c.method)).toEqual(['predict', 'poll', 'poll']);
  });

  it('reports an unreadable start answer as invalid', async () => {
    server.use(http.post(predictUrl, () => HttpResponse.json({ done: false })));
    const time = fakeTime();
    const error = await failure(
      generateVideo({ ai, prompt: 'x', sleep: time.sleep, now: time.now }),
    );
    expect(error.kind).toBe('invalid');
  });
});

describe('the demo Veo answers', () => {
  it('start an operation that the first poll finds done with a download link', async () => {
    const started = await answerDemoVideoCall({
      kind: 'predictLongRunning',
      model: 'veo-demo',
      body: { instances: [{ prompt: 'Pagoda at night' }] },
    });
    const { name } = (await started.json()) as { name: string };
    expect(name).toMatch(/^models\/veo-demo\/operations\/demo-\d+$/);
    const polled = await answerDemoVideoCall({ kind: 'operation', name });
    const operation = (await polled.json()) as VideoOperation;
    expect(operation.done).toBe(true);
    expect(videoUriOf(operation)).toMatch(
      /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/files\/demo-\d+:download\?alt=media$/,
    );
  });

  it('answer 404 for an unknown operation or file', async () => {
    expect((await answerDemoVideoCall({ kind: 'operation', name: 'operations/nope' })).status).toBe(
      404,
    );
    expect((await answerDemoVideoCall({ kind: 'download', file: 'nope' })).status).toBe(404);
  });
});
