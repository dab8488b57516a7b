import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CHAT_HISTORY_MAX_CHARS,
  CHAT_HISTORY_MAX_TURNS,
  CHAT_MESSAGE_MAX_CHARS,
  createChatSession,
  streamChatReply,
  trimHistory,
} from '../../../src/lib/ai/chat';
import { server } from '../../support/msw-server';
import { failure, geminiStream as sse, streamUrl, testAi } from '../../support/ai';

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

const ai = testAi();

describe('chat', () => {
  it('sends the system instruction with every message and keeps the history', async () => {
    const bodies: Body[] = [];
    server.use(
      http.post(streamUrl, async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return sse('Reply ', `${bodies.length}`);
      }),
    );
    const session = await createChatSession(ai, 'You are the shop assistant.');
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
    const session = await createChatSession(ai, 'x');
    expect((await failure(collect(streamChatReply(session, 'Hi')))).kind).toBe('empty');
  });

  it('maps a server error and a cancelled reply', async () => {
    server.use(
      http.post(streamUrl, () => HttpResponse.json({ error: { code: 500 } }, { status: 500 })),
    );
    const session = await createChatSession(ai, 'x');
    expect((await failure(collect(streamChatReply(session, 'Hi')))).kind).toBe('unavailable');

    const controller = new AbortController();
    controller.abort();
    const aborted = await failure(
      collect(streamChatReply(session, 'Hi', { signal: controller.signal })),
    );
    expect(aborted.kind).toBe('aborted');
  });
});

// Finding 22 of the security review: the whole conversation was resent with every message.
describe('what a message resends', () => {
  const userTurns = (body: Body | undefined) =>
    (body?.contents ?? []).filter((c) => c.role === 'user').map((c) => c.parts[0]?.text);

  it(`keeps the last ${CHAT_HISTORY_MAX_TURNS} questions with their replies`, async () => {
    const bodies: Body[] = [];
    server.use(
      http.post(streamUrl, async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return sse('Answer ', `${bodies.length}`);
      }),
    );
    const session = await createChatSession(ai, 'x');
    const total = CHAT_HISTORY_MAX_TURNS + 3;
    for (let n = 1; n <= total; n++) await collect(streamChatReply(session, `Q${n}`));

    const last = bodies.at(-1);
    expect(userTurns(last)).toEqual(
      Array.from(
        { length: CHAT_HISTORY_MAX_TURNS + 1 },
        (_, i) => `Q${total - CHAT_HISTORY_MAX_TURNS + i}`,
      ),
    );
    expect(last?.contents[1]).toMatchObject({ role: 'model' });
    expect(last?.systemInstruction?.parts[0]?.text).toBe('x');
  });

  it('keeps the earlier conversation within a size, and cuts an over-long message', async () => {
    const bodies: Body[] = [];
    const long = 'y'.repeat(CHAT_HISTORY_MAX_CHARS / 3);
    server.use(
      http.post(streamUrl, async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return sse(long);
      }),
    );
    const session = await createChatSession(ai, 'x');
    for (const question of ['A', 'B', 'C', 'D']) await collect(streamChatReply(session, question));
    await collect(streamChatReply(session, 'z'.repeat(CHAT_MESSAGE_MAX_CHARS + 500)));

    const last = bodies.at(-1);
    const sent = (last?.contents ?? []).reduce((sum, c) => sum + (c.parts[0]?.text.length ?? 0), 0);
    expect(sent).toBeLessThanOrEqual(CHAT_HISTORY_MAX_CHARS + CHAT_MESSAGE_MAX_CHARS);
    expect(userTurns(last)).toEqual(['C', 'D', 'z'.repeat(CHAT_MESSAGE_MAX_CHARS)]);
  });
});

describe('trimHistory', () => {
  const turn = (role: 'user' | 'model', text: string) => ({ role, parts: [{ text }] });

  it('starts at a question, never in the middle of a reply', () => {
    const history = [
      turn('user', 'Q1'),
      turn('model', 'A1 part 1'),
      turn('model', 'A1 part 2'),
      turn('user', 'Q2'),
      turn('model', 'A2'),
    ];
    expect(trimHistory(history, 1)).toEqual(history.slice(3));
    expect(trimHistory(history, 5)).toEqual(history);
    expect(trimHistory(history, 5, 4)).toEqual(history.slice(3));
    expect(trimHistory(history, 5, 1)).toEqual([]);
  });
});
