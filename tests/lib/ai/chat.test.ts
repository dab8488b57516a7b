import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createChatSession, streamChatReply } from '../../../src/lib/ai/chat';
import { GEMINI, server } from '../../support/msw-server';
import { failure, inGeminiMode } from '../../support/ai';

const streamUrl = `${GEMINI}/v1beta/models/:model\\:streamGenerateContent`;

/** An SSE body as the service sends it: one event per piece, `STOP` on the last. */
const sse = (...pieces: string[]) =>
  new HttpResponse(
    pieces
      .map((text, index) => {
        const last = index === pieces.length - 1;
        const candidate = {
          content: { role: 'model', parts: [{ text }] },
          index: 0,
          ...(last ? { finishReason: 'STOP' } : {}),
        };
        return `data: ${JSON.stringify({ candidates: [candidate] })}\r\n\r\n`;
      })
      .join(''),
    { headers: { 'content-type': 'text/event-stream' } },
  );

type Body = {
  systemInstruction?: { parts: { text: string }[] };
  contents: { role: string; parts: { text: string }[] }[];
  generationConfig?: { temperature?: number };
};

async function collect(stream: AsyncGenerator<string>) {
  const seen: string[] = [];
  for await (const text of stream) seen.push(text);
  return seen;
}

inGeminiMode();

describe('chat', () => {
  it('sends the system instruction with every message and keeps the history', async () => {
    const bodies: Body[] = [];
    server.use(
      http.post(streamUrl, async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return sse('Reply ', `${bodies.length}`);
      }),
    );
    const session = await createChatSession('You are the shop assistant.');
    expect(await collect(streamChatReply(session, 'First?'))).toEqual(['Reply ', 'Reply 1']);
    expect(await collect(streamChatReply(session, 'Second?'))).toEqual(['Reply ', 'Reply 2']);

    for (const body of bodies) {
      expect(body.systemInstruction?.parts[0]?.text).toBe('You are the shop assistant.');
      expect(body.generationConfig?.temperature).toBe(0.4);
    }
    // The SDK keeps the streamed reply in the history, one model turn per piece.
    const history = bodies[1]?.contents ?? [];
    expect(history[0]).toMatchObject({ role: 'user', parts: [{ text: 'First?' }] });
    expect(
      history
        .filter((c) => c.role === 'model')
        .map((c) => c.parts[0]?.text)
        .join(''),
    ).toBe('Reply 1');
    expect(history.at(-1)).toMatchObject({ role: 'user', parts: [{ text: 'Second?' }] });
  });

  it('fails with `empty` when the stream has no text', async () => {
    server.use(http.post(streamUrl, () => sse('', '')));
    const session = await createChatSession('x');
    expect((await failure(collect(streamChatReply(session, 'Hi')))).kind).toBe('empty');
  });

  it('maps a server error and a cancelled reply', async () => {
    server.use(
      http.post(streamUrl, () => HttpResponse.json({ error: { code: 500 } }, { status: 500 })),
    );
    const session = await createChatSession('x');
    expect((await failure(collect(streamChatReply(session, 'Hi')))).kind).toBe('unavailable');

    const controller = new AbortController();
    controller.abort();
    const aborted = await failure(
      collect(streamChatReply(session, 'Hi', { signal: controller.signal })),
    );
    expect(aborted.kind).toBe('aborted');
  });
});
