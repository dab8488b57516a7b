import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import { env } from '../../src/config/env';
import type { AiSettings } from '../../src/lib/ai/client';
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

/** AI settings in gemini mode (the real SDK, MSW answers) with quick retries, and `overrides`. */
export const geminiAi = (overrides: Partial<AiSettings> = {}): AiSettings => ({
  ...env.ai,
  mode: 'gemini',
  apiKey: 'test-key',
  retry: { attempts: 1, initialDelaySeconds: 0 },
  ...overrides,
});
