import { describe, expect, it } from 'vitest';
import { checkCompatibility, detectDeviceModel } from '../../../src/lib/ai/compatibility';
import { answerWith as answer, failure, testAi } from '../../support/ai';

type Body = {
  contents: { parts: { text: string }[] }[];
  generationConfig?: {
    temperature?: number;
    responseMimeType?: string;
    responseSchema?: { properties?: Record<string, unknown> };
  };
};

const answerWith = (text: string) => answer<Body>(text);

const prompt = (body: Body | undefined) => body?.contents[0]?.parts[0]?.text ?? '';

const ai = testAi();

describe('checkCompatibility', () => {
  it('asks for structured JSON at temperature 0 in the UI language', async () => {
    const bodies = answerWith('{"isCompatible":"UNCERTAIN","reason":"ဒေသအလိုက် ကွဲပြားသည်။"}');
    await expect(checkCompatibility(ai, 'Xiaomi 2211133G', 'my')).resolves.toEqual({
      isCompatible: 'UNCERTAIN',
      reason: 'ဒေသအလိုက် ကွဲပြားသည်။',
    });
    const config = bodies[0]?.generationConfig;
    expect(config?.temperature).toBe(0);
    expect(config?.responseMimeType).toBe('application/json');
    expect(Object.keys(config?.responseSchema?.properties ?? {})).toEqual([
      'isCompatible',
      'reason',
    ]);
    expect(prompt(bodies[0])).toContain('"Xiaomi 2211133G"');
    expect(prompt(bodies[0])).toContain('in Burmese');
  });

  it.each([
    ['not JSON', 'Yes it does', 'unreadable'],
    ['the wrong shape', '{"compatible":true}', 'invalid'],
    ['an unknown answer', '{"isCompatible":"MAYBE","reason":"?"}', 'invalid'],
    ['no reason', '{"isCompatible":"YES","reason":""}', 'invalid'],
    ['empty text', '', 'empty'],
  ])('rejects %s', async (_, text, kind) => {
    answerWith(text);
    expect((await failure(checkCompatibility(ai, 'Phone', 'en'))).kind).toBe(kind);
  });
});

describe('detectDeviceModel', () => {
  it('asks in plain text with the user agent and trims the answer', async () => {
    const bodies = answerWith('"Samsung Galaxy A15".\n');
    await expect(detectDeviceModel(ai, 'Mozilla/5.0 (Linux; Android 14; SM-A155F)')).resolves.toBe(
      'Samsung Galaxy A15',
    );
    expect(prompt(bodies[0])).toContain('User agent: Mozilla/5.0 (Linux; Android 14; SM-A155F)');
    expect(bodies[0]?.generationConfig?.responseMimeType).toBeUndefined();
  });

  it.each(['', 'Unknown', 'none', 'N/A'])('gives an empty string for %j', async (text) => {
    answerWith(text);
    await expect(detectDeviceModel(ai, 'Mozilla/5.0 (iPhone)')).resolves.toBe('');
  });
});
