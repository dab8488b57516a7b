import { safeParse, type $ZodType } from 'zod/v4/core';
import { AiError } from './ai-errors';

/*
 * A model's JSON answer, read the same way by the shop (src/lib/ai/json.ts, which also sets zod's
 * jitless mode for the browser's CSP) and by the server's receipt check (issue #39 point 4).
 */

/** Strips a ```json fence (or a bare ``` fence) around a model's answer. */
export function stripJsonFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```(?:json|JSON)?\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

/** Parses a model's JSON answer and validates it; throws AiError empty / unreadable / invalid. */
export function parseModelJson<T>(text: string | undefined, schema: $ZodType<T>): T {
  if (!text || !text.trim()) throw new AiError('empty', 'The AI service returned an empty answer');
  let data: unknown;
  try {
    data = JSON.parse(stripJsonFence(text));
  } catch (cause) {
    throw new AiError('unreadable', 'The AI answer was not valid JSON', { cause });
  }
  // zod's core parser: it takes a schema of the full API or of zod/mini (the device check's,
  // which keeps the full API out of the page that checks a phone on load, decision 064).
  const result = safeParse(schema, data);
  if (!result.success) {
    throw new AiError('invalid', `The AI answer had the wrong shape: ${result.error.message}`, {
      cause: result.error,
    });
  }
  return result.data;
}
