import type { GenerateContentConfig, GenerateContentResponse, PartUnion } from '@google/genai';
import type { $ZodType } from 'zod/v4/core';
import { getAiTransport, type AiSettings } from './client';
import { AiError, toAiError } from './errors';
import { parseModelJson } from './json';
import { callRest } from './rest';
import { sleep, withTimeout } from './signals';

export type Task = keyof AiSettings['models'];

export type GenerateRequest = {
  ai: AiSettings;
  task: Task;
  parts: PartUnion[];
  config?: Omit<GenerateContentConfig, 'abortSignal'>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
};

/**
 * One generateContent call over REST (lib/ai/rest.ts: retries on 429 and 503) with a time limit
 * for the whole call, cancellation and error mapping. The answer is the API's JSON, which has the
 * SDK response's fields (`candidates`, `promptFeedback`, …); read its text with `answerText`.
 */
export async function generate(request: GenerateRequest): Promise<GenerateContentResponse> {
  const signal = withTimeout(request.signal, request.timeoutMs);
  try {
    const transport = await getAiTransport(request.ai);
    const model = transport.settings.models[request.task].replace(/^models\//, '');
    const body = {
      contents: [
        {
          role: 'user',
          parts: request.parts.map((p) => (typeof p === 'string' ? { text: p } : p)),
        },
      ],
      generationConfig: request.config ?? {},
    };
    return await callRest(
      { transport, sleep, signal },
      `${transport.apiRoot}/models/${model}:generateContent`,
      {
        method: 'POST',
        headers: { ...transport.authHeaders, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      request.timeoutMs,
      async (response) => (await response.json()) as GenerateContentResponse,
    );
  } catch (error) {
    throw toAiError(error, signal);
  }
}

/** The answer's text: its first candidate's text parts, without the model's thoughts. */
export function answerText(response: GenerateContentResponse): string {
  return (response.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}

export async function generateText(request: GenerateRequest): Promise<string> {
  return answerText(await generate(request));
}

/** Asks for JSON (responseSchema when given) and validates the answer with `schema`. */
export async function generateJson<T>(request: GenerateRequest, schema: $ZodType<T>): Promise<T> {
  const text = await generateText({
    ...request,
    config: { responseMimeType: 'application/json', ...request.config },
  });
  if (!text.trim()) throw new AiError('empty', 'The AI service returned an empty answer');
  return parseModelJson(text, schema);
}

export { languageInstruction } from '#domain/prompt-language';
