import { describe, expect, it } from 'vitest';
import { AiError } from '../../../src/lib/ai/errors';
import { triageSupportRequest } from '../../../src/lib/ai/support';
import { answerWith as answer, testAi } from '../../support/ai';

type Body = {
  contents: { parts: { text: string }[] }[];
  generationConfig?: { responseSchema?: { properties?: Record<string, unknown> } };
};

const answerWith = (data: unknown) => answer<Body>(data);

const analysis = {
  category: 'Technical Support',
  recommended_action: 'Send us your order number on Viber.',
  contact_method: 'Viber',
  response_message: 'Sorry about that, we will help.',
  email_subject: 'Technical Support: QR code not received',
};

const ai = testAi();

describe('triageSupportRequest', () => {
  it('asks for the five fields and quotes the request as data', async () => {
    const bodies = answerWith(analysis);
    await expect(triageSupportRequest(ai, 'My QR code never came', 'en')).resolves.toEqual(
      analysis,
    );
    expect(Object.keys(bodies[0]?.generationConfig?.responseSchema?.properties ?? {})).toEqual([
      'category',
      'recommended_action',
      'contact_method',
      'response_message',
      'email_subject',
    ]);
    const prompt = bodies[0]?.contents[0]?.parts[0]?.text ?? '';
    expect(prompt).toContain('Request: """My QR code never came"""');
    expect(prompt).toContain('Write every human-readable text in English.');
  });

  it('cuts a request over 2000 characters', async () => {
    const bodies = answerWith(analysis);
    await triageSupportRequest(ai, 'r'.repeat(5000), 'en');
    const prompt = bodies[0]?.contents[0]?.parts[0]?.text ?? '';
    expect(prompt).toContain(`Request: """${'r'.repeat(2000)}"""`);
  });

  it.each([
    ['an unknown category', { ...analysis, category: 'Complaint' }],
    ['an unknown contact method', { ...analysis, contact_method: 'Phone' }],
    ['a missing message', { ...analysis, response_message: undefined }],
  ])('rejects %s', async (_, data) => {
    answerWith(data);
    await expect(triageSupportRequest(ai, 'Help', 'en')).rejects.toBeInstanceOf(AiError);
  });
});
