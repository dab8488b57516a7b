import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createChatSession, streamChatReply } from '../../../src/lib/ai/chat';
import { paths } from '../../../src/domain/paths';
import { checkCompatibility } from '../../../src/lib/ai/compatibility';
import { generateText } from '../../../src/lib/ai/generate';
import { triageSupportRequest } from '../../../src/lib/ai/support';
import { server } from '../../support/msw-server';
import { failure, geminiAnswer as answer, generateUrl, streamUrl, testAi } from '../../support/ai';

const ai = testAi({ retry: { attempts: 3, initialDelaySeconds: 0.01 } });
const sayHi = (timeoutMs = 5000, signal?: AbortSignal) =>
  generateText({ ai, task: 'chat', parts: ['hi'], timeoutMs, signal });
const apiError = (code: number, status: string) =>
  HttpResponse.json({ error: { code, message: status, status } }, { status: code });

describe('the AI client in gemini mode', () => {
  it('sends the key in the x-goog-api-key header to the configured model', async () => {
    let seen: { url: string; key: string | null } | undefined;
    server.use(
      http.post(generateUrl, ({ request }) => {
        seen = { url: request.url, key: request.headers.get('x-goog-api-key') };
        return answer('{"isCompatible":"YES","reason":"It has an eSIM."}');
      }),
    );
    await expect(checkCompatibility(ai, 'Pixel 9', 'en')).resolves.toEqual({
      isCompatible: 'YES',
      reason: 'It has an eSIM.',
    });
    expect(seen?.key).toBe('test-key');
    expect(seen?.url).toMatch(/\/v1beta\/models\/gemini-[\w.-]+:generateContent$/);
    expect(seen?.url).not.toContain('test-key');
  });

  it('strips a ```json fence before parsing', async () => {
    server.use(
      http.post(generateUrl, () =>
        answer('```json\n{"isCompatible":"NO","reason":"No eSIM."}\n```'),
      ),
    );
    await expect(checkCompatibility(ai, 'iPhone 8', 'en')).resolves.toEqual({
      isCompatible: 'NO',
      reason: 'No eSIM.',
    });
  });

  it.each([
    ['unreadable', 'this is not json'],
    ['invalid', '{"isCompatible":"MAYBE","reason":"?"}'],
    ['invalid', '{"reason":"missing the verdict"}'],
    ['empty', ''],
  ])('reports %s for the answer %j', async (kind, text) => {
    server.use(http.post(generateUrl, () => answer(text)));
    expect((await failure(checkCompatibility(ai, 'Phone', 'en'))).kind).toBe(kind);
  });

  it('retries a 503 and then succeeds', async () => {
    let calls = 0;
    server.use(
      http.post(generateUrl, () => {
        calls += 1;
        return calls === 1 ? apiError(503, 'UNAVAILABLE') : answer('hello');
      }),
    );
    await expect(sayHi()).resolves.toBe('hello');
    expect(calls).toBe(2);
  });

  it('gives up on repeated 429s with a quota error', async () => {
    let calls = 0;
    server.use(
      http.post(generateUrl, () => {
        calls += 1;
        return apiError(429, 'RESOURCE_EXHAUSTED');
      }),
    );
    expect((await failure(sayHi())).kind).toBe('quota');
    expect(calls).toBe(3);
  });

  it('does not retry a 400 and reports it as rejected', async () => {
    let calls = 0;
    server.use(
      http.post(generateUrl, () => {
        calls += 1;
        return apiError(400, 'INVALID_ARGUMENT');
      }),
    );
    expect((await failure(sayHi())).kind).toBe('rejected');
    expect(calls).toBe(1);
  });

  it('times out a slow answer', async () => {
    server.use(
      http.post(generateUrl, async () => {
        await delay(2000);
        return answer('too late');
      }),
    );
    expect((await failure(sayHi(100))).kind).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    server.use(
      http.post(generateUrl, async () => {
        await delay(2000);
        return answer('too late');
      }),
    );
    const controller = new AbortController();
    const call = sayHi(5000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(call)).kind).toBe('aborted');
  });

  it('maps a network failure', async () => {
    server.use(http.post(generateUrl, () => HttpResponse.error()));
    expect((await failure(sayHi())).kind).toBe('network');
  });

  it('streams a chat reply over SSE, growing with each event', async () => {
    server.use(
      http.post(streamUrl, ({ request }) => {
        expect(new URL(request.url).searchParams.get('alt')).toBe('sse');
        const event = (text: string) =>
          `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] })}\n\n`;
        return new HttpResponse(event('Hello') + event(', traveller') + event('!'), {
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    const session = await createChatSession(ai, 'You help eSIM buyers.');
    const seen: string[] = [];
    for await (const text of streamChatReply(session, 'Hi')) seen.push(text);
    expect(seen).toEqual(['Hello', 'Hello, traveller', 'Hello, traveller!']);
  });
});

describe('the AI client in demo mode', () => {
  it('answers every verb without touching the network, in the UI language', async () => {
    const ai = testAi({ mode: 'demo', demoLatencyMs: 0 });
    const requests: string[] = [];
    const onRequest = ({ request }: { request: Request }) => requests.push(request.url);
    server.events.on('request:start', onRequest);
    try {
      const english = await triageSupportRequest(ai, 'I want a refund for my payment', 'en');
      expect(english.category).toBe('Billing Inquiry');
      const burmese = await triageSupportRequest(ai, 'QR ကုဒ် မရပါ', 'my');
      expect(burmese.response_message).toMatch(/[\u1000-\u109F]/);
      const compatibility = await checkCompatibility(ai, 'Some Phone 3000', 'en');
      expect(compatibility.isCompatible).toBe('UNCERTAIN');
      const session = await createChatSession(ai, 'Answer in English.');
      let reply = '';
      for await (const text of streamChatReply(session, 'What are your data plans?')) reply = text;
      expect(reply).toContain('Power User');
      // The demo texts name routes; the answer links to the path of src/domain/paths.ts.
      expect(reply).toContain(`(${paths.buy})`);
      expect(reply).not.toMatch(/\{\{|\}\}/);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(requests).toEqual([]);
  });
});

describe('the demo support assistant promises only what happens (issue #44)', () => {
  const demo = testAi({ mode: 'demo', demoLatencyMs: 0 });

  it.each([
    ['en', 'I deleted my eSIM by mistake, can I get a replacement or a refund?'],
    ['my', 'eSIM ကို မှားပြီး ဖျက်မိပါသည်။ အစားထိုး ရနိုင်ပါသလား။'],
  ])(
    'files a deleted eSIM (%s) as Technical Support, not General Feedback',
    async (language, issue) => {
      const answer = await triageSupportRequest(demo, issue, language);
      expect(answer.category).toBe('Technical Support');
      expect(answer.contact_method).toBe('Viber');
    },
  );

  it.each([
    ['en', 'Just saying hello', /reply by email|will read your message/i],
    ['en', 'How do I get my money back?', /reply by email/i],
    ['my', 'မင်္ဂလာပါ', /အီးမေးလ်ဖြင့် ပြန်ကြားပါမည်/],
  ])(
    'says nothing was sent yet instead of "our team will reply" (%s: %s)',
    async (language, issue, promise) => {
      const answer = await triageSupportRequest(demo, issue, language);
      expect(answer.response_message).not.toMatch(promise);
    },
  );
});
