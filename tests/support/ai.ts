import { HttpResponse } from 'msw';
import { afterEach, beforeEach, expect } from 'vitest';
import { configureAi, resetAiSettings } from '../../src/lib/ai/client';
import { AiError } from '../../src/lib/ai/errors';
import { GEMINI } from './msw-server';

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

/** Runs the file's tests against the real SDK in gemini mode (MSW answers), with quick retries. */
export function inGeminiMode(retry = { attempts: 1, initialDelaySeconds: 0 }) {
  beforeEach(() => configureAi({ mode: 'gemini', apiKey: 'test-key', retry }));
  afterEach(() => resetAiSettings());
}
