import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import { env } from '../../src/config/env';
import type { AiSettings } from '../../src/lib/ai/client';
import { AiError } from '../../src/lib/ai/errors';
import { GEMINI, server } from './msw-server';

/** The REST address of generateContent, as an MSW path pattern. */
export const generateUrl = `${GEMINI}/v1beta/models/:model\\:generateContent`;

/** A GenerateContentResponse with the given parts (a text part when given a string). */
export const geminiAnswer = (...parts: unknown[]) =>
  HttpResponse.json({
    candidates: [
      {
        content: {
          role: 'model',
          parts: parts.map((part) => (typeof part === 'string' ? { text: part } : part)),
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  });

/** The REST address of streamGenerateContent (the chat), as an MSW path pattern. */
export const streamUrl = `${GEMINI}/v1beta/models/:model\\:streamGenerateContent`;

/** A streamed answer (SSE) as the service sends it: one event per piece, `STOP` on the last. */
export const geminiStream = (...pieces: string[]) =>
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

/** Answers every generateContent call with `data` (a text, or JSON); returns the request bodies. */
export function answerWith<Body>(data: unknown): Body[] {
  const bodies: Body[] = [];
  server.use(
    http.post(generateUrl, async ({ request }) => {
      bodies.push((await request.json()) as Body);
      return geminiAnswer(typeof data === 'string' ? data : JSON.stringify(data));
    }),
  );
  return bodies;
}

/** The AiError a call fails with; fails the test when the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiError);
    return error as AiError;
  }
  throw new Error('expected the call to fail');
}

/** AI settings for a test: gemini mode (the real SDK, MSW answers), quick retries, `overrides`. */
export const testAi = (overrides: Partial<AiSettings> = {}): AiSettings => ({
  ...env.ai,
  mode: 'gemini',
  apiKey: 'test-key',
  retry: { attempts: 1, initialDelaySeconds: 0 },
  ...overrides,
});
