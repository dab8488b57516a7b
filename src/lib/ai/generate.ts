import type { GenerateContentConfig, GenerateContentResponse, PartUnion } from '@google/genai';
import type * as z from 'zod';
import { getAiClient, type AiSettings } from './client';
import { AiError, toAiError } from './errors';
import { parseModelJson } from './json';
import { withTimeout } from './signals';

export type Task = keyof AiSettings['models'];

export type GenerateRequest = {
  task: Task;
  parts: PartUnion[];
  config?: Omit<GenerateContentConfig, 'abortSignal'>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
};

/** One generateContent call with timeout, cancellation and error mapping. */
export async function generate(request: GenerateRequest): Promise<GenerateContentResponse> {
  const signal = withTimeout(request.signal, request.timeoutMs);
  try {
    const { genai, settings } = await getAiClient();
    return await genai.models.generateContent({
      model: settings.models[request.task],
      contents: [
        {
          role: 'user',
          parts: request.parts.map((p) => (typeof p === 'string' ? { text: p } : p)),
        },
      ],
      config: { ...request.config, abortSignal: signal },
    });
  } catch (error) {
    throw toAiError(error, signal);
  }
}

export async function generateText(request: GenerateRequest): Promise<string> {
  const response = await generate(request);
  return response.text ?? '';
}

/** Asks for JSON (responseSchema when given) and validates the answer with `schema`. */
export async function generateJson<T>(request: GenerateRequest, schema: z.ZodType<T>): Promise<T> {
  const text = await generateText({
    ...request,
    config: { responseMimeType: 'application/json', ...request.config },
  });
  if (!text.trim()) throw new AiError('empty', 'The AI service returned an empty answer');
  return parseModelJson(text, schema);
}

export { languageInstruction } from './prompt-language';
