import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { generateImage } from '../../../src/lib/ai/image';
import { server } from '../../support/msw-server';
import { failure, testAi, geminiAnswer as parts, generateUrl } from '../../support/ai';

const ai = testAi({ retry: { attempts: 2, initialDelaySeconds: 0.01 } });

describe('generateImage', () => {
  it('asks the image model for one image and returns its bytes', async () => {
    let seen: { url: string; key: string | null; body: unknown } | undefined;
    server.use(
      http.post(generateUrl, async ({ request }) => {
        seen = {
          url: request.url,
          key: request.headers.get('x-goog-api-key'),
          body: await request.json(),
        };
        return parts(
          { text: 'Here is your picture.' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
        );
      }),
    );
    await expect(generateImage(ai, 'A pagoda at sunset')).resolves.toEqual({
      mimeType: 'image/png',
      base64: 'iVBORw0KGgo=',
    });
    expect(seen?.url).toMatch(/\/models\/gemini-[\w.-]*image[\w.-]*:generateContent$/);
    expect(seen?.key).toBe('test-key');
    expect(seen?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'A pagoda at sunset' }] }],
      generationConfig: { responseModalities: ['IMAGE'], candidateCount: 1 },
    });
  });

  it('fails with empty when the model answers with text only', async () => {
    server.use(http.post(generateUrl, () => parts({ text: 'I cannot draw that.' })));
    expect((await failure(generateImage(ai, 'Something odd'))).kind).toBe('empty');
  });

  it.each([
    [500, 'unavailable'],
    [400, 'rejected'],
    [429, 'quota'],
  ])('maps an HTTP %i to %s', async (status, kind) => {
    server.use(
      http.post(generateUrl, () =>
        HttpResponse.json({ error: { code: status, message: 'Scripted' } }, { status }),
      ),
    );
    expect((await failure(generateImage(ai, 'A lake'))).kind).toBe(kind);
  });

  it('is cancelled by its signal', async () => {
    server.use(
      http.post(generateUrl, async () => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return parts({ inlineData: { mimeType: 'image/png', data: 'AA==' } });
      }),
    );
    const controller = new AbortController();
    const call = generateImage(ai, 'A slow picture', controller.signal);
    setTimeout(() => controller.abort(), 30);
    expect((await failure(call)).kind).toBe('aborted');
  });
});
