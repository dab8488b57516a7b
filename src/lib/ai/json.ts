import '../zod-config';
import type * as z from 'zod';
import { AiError } from './errors';

/** Strips a ```json fence (or a bare ``` fence) around a model's answer. */
export function stripJsonFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```(?:json|JSON)?\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

/** Parses a model's JSON answer and validates it; throws AiError empty / unreadable / invalid. */
export function parseModelJson<T>(text: string | undefined, schema: z.ZodType<T>): T {
  if (!text || !text.trim()) throw new AiError('empty', 'The AI service returned an empty answer');
  let data: unknown;
  try {
    data = JSON.parse(stripJsonFence(text));
  } catch (cause) {
    throw new AiError('unreadable', 'The AI answer was not valid JSON', { cause });
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AiError('invalid', `The AI answer had the wrong shape: ${result.error.message}`, {
      cause: result.error,
    });
  }
  return result.data;
}
