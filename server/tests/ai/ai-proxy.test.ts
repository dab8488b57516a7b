import { beforeEach, describe, expect, it } from 'vitest';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { loadConfig } from '../../src/config';
import { aiHealth } from '../../src/db/schema';
import { solvedProof } from '../support/ai-proof';
import { testStore, useTestApp } from '../support/test-app';

const BASE = 'http://gemini.test';
const env = {
  GEMINI_BASE_URL: BASE,
  MODEL_TEXT: 'gemini-2.5-flash',
  MODEL_IMAGE: 'gemini-2.5-flash-image',
  MODEL_VIDEO: 'veo-3.0-fast-generate-001',
  AI_RATE_LIMIT: '3',
  AI_RATE_WINDOW_SECONDS: '60',
  AI_MAX_BODY_BYTES: '4096',
  AI_PROOF_COST: '1',
};

type Seen = { url: string; method: string; headers: Headers; body: string };

/** The network behind the server's real aiFetch (which adds the server's key). */
let answer: (request: Request) => Promise<Response> | Response;
const seen: Seen[] = [];
const network: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.method === 'POST' ? await request.clone().text() : '',
  });
  return answer(request);
};

const ok = (data: unknown) =>
  new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });
const generateBody = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });

describe(`AI proxy (${testStore})`, () => {
  let address = 0;
  /** Each test is its own client unless it says otherwise (the limit is per client). */
  let client = '';

  const config = loadConfig({ AI_MODE: 'gemini', GEMINI_API_KEY: 'server-secret', ...env });
  const harness = useTestApp({ env, aiFetch: createAiFetch(config, network) });
  beforeEach(() => {
    seen.length = 0;
    answer = () => ok({ candidates: [] });
    client = `192.0.2.${++address}`;
  });

  const request = (
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string>; from?: string } = {},
  ) =>
    Promise.resolve(
      harness.app.request(
        path,
        {
          method,
          headers: { 'content-type': 'application/json', ...init.headers },
          body: init.body,
        },
        { incoming: { socket: { remoteAddress: init.from ?? client } } },
      ),
    );

  it('forwards a generateContent call with the server key and never the client key', async () => {
    answer = () => ok({ candidates: [{ content: { parts: [{ text: 'Mingalaba' }] } }] });
    const response = await request(
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash:generateContent?key=client-key',
      {
        body: generateBody,
        headers: { 'x-goog-api-key': 'client-key', cookie: 'session=1' },
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      candidates: [{ content: { parts: [{ text: 'Mingalaba' }] } }],
    });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.url).toBe(`${BASE}/v1beta/models/gemini-2.5-flash:generateContent`);
    expect(call!.headers.get('x-goog-api-key')).toBe('server-secret');
    expect(call!.headers.get('cookie')).toBeNull();
    expect(call!.body).toBe(generateBody);
  });

  it('streams streamGenerateContent through as the pieces arrive', async () => {
    let push!: (text: string) => void;
    let end!: () => void;
    const encoder = new TextEncoder();
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            end = () => controller.close();
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const response = await request(
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      { body: generateBody },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(seen[0]!.url).toBe(
      `${BASE}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    push('data: {"n":1}\n\n');
    // The first piece is readable while the upstream is still open.
    expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":1}\n\n');
    push('data: {"n":2}\n\n');
    expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":2}\n\n');
    end();
    expect((await reader.read()).done).toBe(true);
  });

  it('passes the video calls: start, operation polls and the file download', async () => {
    answer = (upstream) => {
      const path = new URL(upstream.url).pathname;
      if (path.endsWith(':predictLongRunning')) {
        return ok({ name: 'models/veo-3.0-fast-generate-001/operations/op-1' });
      }
      if (path.includes('/operations/')) return ok({ name: 'op-1', done: true });
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'video/mp4' } });
    };
    const started = await request(
      'POST',
      '/ai/v1beta/models/veo-3.0-fast-generate-001:predictLongRunning',
      {
        body: JSON.stringify({ instances: [{ prompt: 'Yangon at night' }] }),
        // Decision 121: a video asks for a proof of work first.
        headers: { 'x-ai-proof': await solvedProof((path) => request('GET', path), 'video') },
      },
    );
    expect(started.status).toBe(200);
    const polled = await request(
      'GET',
      '/ai/v1beta/models/veo-3.0-fast-generate-001/operations/op-1',
    );
    expect(await polled.json()).toEqual({ name: 'op-1', done: true });
    const video = await request('GET', '/ai/v1beta/files/abc123:download?alt=media');
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await video.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/v1beta/models/veo-3.0-fast-generate-001:predictLongRunning`,
      `GET ${BASE}/v1beta/models/veo-3.0-fast-generate-001/operations/op-1`,
      `GET ${BASE}/v1beta/files/abc123:download?alt=media`,
    ]);
    expect(seen.every((call) => call.headers.get('x-goog-api-key') === 'server-secret')).toBe(true);
  });

  it.each([
    ['another model', 'POST', '/ai/v1beta/models/gemini-2.5-pro:generateContent'],
    ['another method', 'POST', '/ai/v1beta/models/gemini-2.5-flash:countTokens'],
    ['embeddings', 'POST', '/ai/v1beta/models/gemini-2.5-flash:embedContent'],
    [
      'the image model streaming',
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash-image:streamGenerateContent?alt=sse',
    ],
    ['a text model making video', 'POST', '/ai/v1beta/models/gemini-2.5-flash:predictLongRunning'],
    ['generation by GET', 'GET', '/ai/v1beta/models/gemini-2.5-flash:generateContent'],
    ['the model list', 'GET', '/ai/v1beta/models'],
    ['the file list', 'GET', '/ai/v1beta/files'],
    ['a file upload', 'POST', '/ai/upload/v1beta/files'],
    ['tuned models', 'GET', '/ai/v1beta/tunedModels'],
    ['another version', 'POST', '/ai/v1/models/gemini-2.5-flash:generateContent'],
    ['another model’s operations', 'GET', '/ai/v1beta/models/gemini-2.5-flash/operations/op-1'],
    ['a path that climbs', 'GET', '/ai/v1beta/files/..%2F..%2Fmodels:download?alt=media'],
  ])('refuses %s with 403 forbidden and never calls the AI service', async (_, method, path) => {
    const response = await request(method, path, {
      body: method === 'POST' ? generateBody : undefined,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'forbidden', message: expect.stringContaining('not one the shop makes') },
    });
    expect(seen).toHaveLength(0);
  });

  it('limits each client: the call past the limit gets 429 with Retry-After, the next window passes', async () => {
    const chat = (from = client) =>
      request('POST', '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
        body: generateBody,
        from,
      });
    for (let i = 0; i < 3; i++) expect((await chat()).status).toBe(200);
    const limited = await chat();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many AI requests from this address. Please wait 60 seconds and try again.',
      },
    });
    expect(seen).toHaveLength(3);
    // Another client is not held up by this one.
    expect((await chat('198.51.100.7')).status).toBe(200);
    harness.clock.advance(45_000);
    expect((await chat()).headers.get('retry-after')).toBe('15');
    harness.clock.advance(15_000);
    expect((await chat()).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const chat = (forwardedFor: string) =>
      request('POST', '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
        body: generateBody,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // A client cannot reset its limit by inventing addresses: the socket counts.
    for (let i = 0; i < 3; i++) expect((await chat(`203.0.113.${i}`)).status).toBe(200);
    expect((await chat('203.0.113.99')).status).toBe(429);
  });

  it('refuses a body over the limit with 413 and never calls the AI service', async () => {
    const response = await request('POST', '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
      body: JSON.stringify({ contents: [{ parts: [{ text: 'x'.repeat(5000) }] }] }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'An AI request may carry at most 4 KB.' },
    });
    expect(seen).toHaveLength(0);
  });

  it.each([
    [429, 429, 'rate_limited'],
    [500, 500, 'ai_unavailable'],
    [503, 503, 'ai_unavailable'],
    [403, 502, 'ai_unavailable'],
  ])(
    'answers the AI service’s %i as %i %s in the one error shape',
    async (upstream, status, code) => {
      answer = () =>
        new Response(JSON.stringify({ error: { code: upstream, message: 'upstream says no' } }), {
          status: upstream,
        });
      const response = await request('POST', '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
        body: generateBody,
      });
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toContain('server-secret');
    },
  );

  it('answers 503 ai_unavailable when the AI service cannot be reached', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    const response = await request('POST', '/ai/v1beta/models/gemini-2.5-flash:generateContent', {
      body: generateBody,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'ai_unavailable',
    );
  });

  it('records each call’s result for GET /status, under the task its model and method serve', async () => {
    await request('POST', '/ai/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', {
      body: generateBody,
    });
    answer = () => new Response('{}', { status: 500 });
    await request('POST', '/ai/v1beta/models/gemini-2.5-flash-image:generateContent', {
      body: generateBody,
      headers: { 'x-ai-proof': await solvedProof((path) => request('GET', path), 'image') },
    });
    const rows = await harness.database.db.select().from(aiHealth);
    const byTask = Object.fromEntries(rows.map((row) => [row.task, row.ok]));
    expect(byTask).toEqual({ chat: true, image: false });
  });
});

describe('AI proxy in demo mode', () => {
  const demoEnv = { AI_MODE: 'demo', GEMINI_API_KEY: '' };
  const harness = useTestApp({
    env: demoEnv,
    aiFetch: createAiFetch(loadConfig({ ...demoEnv, LOG_LEVEL: 'silent' }), () =>
      Promise.reject(new Error('demo mode never reaches the network')),
    ),
  });

  it('answers the shop’s text calls from the demo script with no key', async () => {
    const response = await harness.call(
      'POST',
      '/ai/v1beta/models/gemini-2.5-flash:generateContent',
      JSON.parse(generateBody) as unknown,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { candidates?: unknown[] };
    expect(body.candidates?.length).toBeGreaterThan(0);
  });
});

describe('the demo AI fetch of each server instance', () => {
  const config = loadConfig({ AI_MODE: 'demo', GEMINI_API_KEY: '', LOG_LEVEL: 'silent' });
  const root = 'https://generativelanguage.googleapis.com/v1beta';
  const start = (aiFetch: typeof fetch) =>
    aiFetch(`${root}/models/veo-3.0-fast-generate-001:predictLongRunning`, {
      method: 'POST',
      body: JSON.stringify({ instances: [{ prompt: 'A tuk-tuk in Yangon' }] }),
    });

  it('keeps the video operations it started to itself: another instance does not know them', async () => {
    const one = createAiFetch(config);
    const other = createAiFetch(config);
    const { name } = (await (await start(one)).json()) as { name: string };
    expect(name).toMatch(/operations\/demo-1$/);
    const polled = (await (await one(`${root}/${name}`)).json()) as { done?: boolean };
    expect(polled.done).toBe(true);
    expect((await other(`${root}/${name}`)).status).toBe(404);
    // Each instance numbers its own operations from 1.
    const { name: second } = (await (await start(other)).json()) as { name: string };
    expect(second).toMatch(/operations\/demo-1$/);
  });
});
