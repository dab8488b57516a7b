import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { checkCompatibility } from '../../../src/lib/ai/compatibility';
import { generate, generateText } from '../../../src/lib/ai/generate';
import { geminiAnswer, generateUrl, testAi } from '../../support/ai';
import { server } from '../../support/msw-server';

// The SDK must not load for a one-shot answer (decision 064): importing it here fails the test.
const sdk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@google/genai', () => {
  sdk.loaded = true;
  return {};
});

const ai = testAi({ retry: { attempts: 2, initialDelaySeconds: 0.01 } });

describe('one-shot answers over REST', () => {
  it('posts contents and generationConfig as the API expects, without loading the SDK', async () => {
    let body: unknown;
    server.use(
      http.post(generateUrl, async ({ request }) => {
        body = await request.json();
        return geminiAnswer('{"isCompatible":"YES","reason":"It has an eSIM."}');
      }),
    );
    await expect(checkCompatibility(ai, 'Pixel 9', 'en')).resolves.toEqual({
      isCompatible: 'YES',
      reason: 'It has an eSIM.',
    });
    expect(body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: expect.stringContaining('"Pixel 9"') }] }],
      generationConfig: {
        responseMimeType: 'application/json',
        temperature: 0,
        responseSchema: { type: 'OBJECT', required: ['isCompatible', 'reason'] },
      },
    });
    expect(sdk.loaded).toBe(false);
  });

  it('reads the text parts of the first candidate and leaves the model’s thoughts out', async () => {
    server.use(
      http.post(generateUrl, () =>
        geminiAnswer({ text: 'Let me think…', thought: true }, 'Yes, ', 'it does.'),
      ),
    );
    await expect(generateText({ ai, task: 'chat', parts: ['hi'], timeoutMs: 5000 })).resolves.toBe(
      'Yes, it does.',
    );
  });

  it('returns the answer’s other parts (an image) as the API sent them', async () => {
    server.use(
      http.post(generateUrl, () =>
        geminiAnswer({ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }),
      ),
    );
    const response = await generate({ ai, task: 'image', parts: ['a pagoda'], timeoutMs: 5000 });
    expect(response.candidates?.[0]?.content?.parts?.[0]?.inlineData).toEqual({
      mimeType: 'image/png',
      data: 'iVBORw0KGgo=',
    });
    expect(sdk.loaded).toBe(false);
  });
});
