import { beforeEach, describe, expect, it } from 'vitest';
import { createAiFetch } from '../../src/ai/ai-fetch';
import { loadConfig } from '../../src/config';
import { testStore, useTestApp } from '../support/test-app';
import { solvedProof } from '../support/ai-proof';

/**
 * /ai checks the body (issue #25, review S2's proxy half): only the fields the shop's own calls
 * send (src/lib/ai/*), within their limits; and a refused server key is 503 (S9).
 */

const env = {
  GEMINI_BASE_URL: 'http://gemini.test',
  MODEL_TEXT: 'gemini-2.5-flash',
  MODEL_IMAGE: 'gemini-2.5-flash-image',
  MODEL_VIDEO: 'veo-3.0-fast-generate-001',
  AI_RATE_LIMIT: '1000',
};
const TEXT = '/ai/v1beta/models/gemini-2.5-flash:generateContent';
const CHAT = '/ai/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';
const IMAGE = '/ai/v1beta/models/gemini-2.5-flash-image:generateContent';
const VIDEO = '/ai/v1beta/models/veo-3.0-fast-generate-001:predictLongRunning';
const user = (text: string) => ({ role: 'user', parts: [{ text }] });

describe(`AI proxy body check (${testStore})`, () => {
  let upstreamCalls = 0;
  let upstream: () => Response = () => Response.json({ candidates: [] });
  const config = loadConfig({ AI_MODE: 'gemini', GEMINI_API_KEY: 'server-secret', ...env });
  const network: typeof fetch = () => {
    upstreamCalls += 1;
    return Promise.resolve(upstream());
  };
  const t = useTestApp({ env, aiFetch: createAiFetch(config, network) });
  beforeEach(() => {
    upstreamCalls = 0;
    upstream = () => Response.json({ candidates: [] });
  });

  /** The shop's image and video calls carry a solved proof of work (decision 121). */
  const proofTask = (path: string) =>
    path === IMAGE ? ('image' as const) : path === VIDEO ? ('video' as const) : undefined;
  const post = async (path: string, body: unknown) => {
    const task = proofTask(path);
    const proof = task && (await solvedProof(async (challenge) => t.app.request(challenge), task));
    return t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(proof ? { 'x-ai-proof': proof } : {}) },
      body: JSON.stringify(body),
    });
  };

  it('passes every body the shop’s own calls send', async () => {
    const jpeg = { mimeType: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQ==' };
    const bodies: [string, unknown][] = [
      // generate.ts: a JSON task (compatibility, support, receipt in static mode)
      [
        TEXT,
        {
          contents: [{ role: 'user', parts: [{ inlineData: jpeg }, { text: 'Read this.' }] }],
          generationConfig: {
            responseMimeType: 'application/json',
            responseSchema: { type: 'OBJECT', properties: { ok: { type: 'BOOLEAN' } } },
            temperature: 0,
          },
        },
      ],
      // compatibility.ts: the short answer
      [
        TEXT,
        {
          contents: [user('iPhone 15?')],
          generationConfig: { temperature: 0, maxOutputTokens: 40 },
        },
      ],
      // the SDK's chat stream (systemInstruction, history with model turns)
      [
        CHAT,
        {
          contents: [user('hello'), { role: 'model', parts: [{ text: 'Hi!' }] }, user('plans?')],
          systemInstruction: { role: 'user', parts: [{ text: 'You are the shop.' }] },
          generationConfig: { temperature: 0.4 },
        },
      ],
      // image.ts
      [
        IMAGE,
        {
          contents: [user('A poster of Yangon')],
          generationConfig: { responseModalities: ['IMAGE'], candidateCount: 1 },
        },
      ],
      // video.ts
      [
        VIDEO,
        {
          instances: [
            {
              prompt: 'Yangon at night',
              image: { bytesBase64Encoded: 'iVBORw0KGgo=', mimeType: 'image/png' },
            },
          ],
          parameters: { sampleCount: 1 },
        },
      ],
    ];
    for (const [path, body] of bodies) {
      const response = await post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
    }
    expect(upstreamCalls).toBe(bodies.length);
  });

  it.each([
    ['tools (Google Search)', TEXT, { contents: [user('x')], tools: [{ googleSearch: {} }] }],
    ['a tool config', TEXT, { contents: [user('x')], toolConfig: { functionCallingConfig: {} } }],
    [
      'a file URL for Google to fetch',
      TEXT,
      { contents: [{ role: 'user', parts: [{ fileData: { fileUri: 'https://x.example/a' } }] }] },
    ],
    [
      'unbounded output tokens',
      TEXT,
      { contents: [user('x')], generationConfig: { maxOutputTokens: 65_536 } },
    ],
    [
      'several candidates',
      IMAGE,
      { contents: [user('x')], generationConfig: { candidateCount: 4 } },
    ],
    ['sampleCount over 1', VIDEO, { instances: [{ prompt: 'x' }], parameters: { sampleCount: 4 } }],
    [
      'other video parameters',
      VIDEO,
      { instances: [{ prompt: 'x' }], parameters: { durationSeconds: 60 } },
    ],
    ['several videos', VIDEO, { instances: [{ prompt: 'x' }, { prompt: 'y' }] }],
    ['a cached content', CHAT, { contents: [user('x')], cachedContent: 'cachedContents/abc' }],
  ])('refuses %s before any upstream call', async (_name, path, body) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        message: expect.stringContaining('not one the shop makes'),
      },
    });
    expect(upstreamCalls).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.request(TEXT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"contents": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_json' } });
    expect(upstreamCalls).toBe(0);
  });

  it('S9: Gemini’s API_KEY_INVALID is 503 ai_unavailable, not the caller’s 400', async () => {
    upstream = () =>
      Response.json(
        {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
            details: [{ reason: 'API_KEY_INVALID' }],
          },
        },
        { status: 400 },
      );
    const response = await post(TEXT, { contents: [user('x')] });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'ai_unavailable' } });
  });
});
