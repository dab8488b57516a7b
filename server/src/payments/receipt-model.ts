import type { FailureReason } from '#domain/receipt-rules';
import { isAiError } from '#domain/ai-errors';
import { parseModelJson } from '#domain/model-json';
import {
  demoReceiptNote,
  receiptPrompt,
  receiptReadingSchema,
  receiptResponseSchema,
  type ReceiptReading,
} from '#domain/receipt-prompt';
import type { Deps } from '../deps';
import { recordAiResult } from '../ai/ai-health';

/**
 * The server's receipt call to Gemini REST (generateContent with the image inline and the
 * shared prompt and answer schema). The image is only in memory for this call: never stored,
 * never logged.
 */

export type ReceiptImage = { mimeType: string; base64: string };

export type ModelOutcome =
  /** The model read the receipt; code decides next (receipt-rules). */
  | { kind: 'reading'; reading: ReceiptReading }
  /** The model answered, but not with a reading: a refusal the buyer sees. */
  | { kind: 'refused'; reason: FailureReason }
  /** No answer (429, 5xx, timeout, network, our key refused): nothing decided, retry later. */
  | { kind: 'unavailable'; retryAfterSeconds: number };

type GeminiAnswer = { candidates?: { content?: { parts?: { text?: string }[] } }[] };

const DEFAULT_RETRY_AFTER_S = 10;

function retryAfterOf(response: Response): number {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0
    ? Math.min(Math.ceil(value), 300)
    : DEFAULT_RETRY_AFTER_S;
}

/** Gemini's answer to a key it does not accept: 400 INVALID_ARGUMENT with reason API_KEY_INVALID. */
export function isKeyRefusal(body: string): boolean {
  return /API_KEY_(INVALID|EXPIRED)|API key (not valid|expired)/i.test(body);
}

export async function readReceiptWithModel(
  deps: Deps,
  input: { image: ReceiptImage; orderNumber: string; price: number; language: string },
): Promise<ModelOutcome> {
  const { ai } = deps.config;
  const url = `${ai.baseUrl}/v1beta/models/${ai.models.receipt}:generateContent`;
  const body = {
    contents: [
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: input.image.mimeType, data: input.image.base64 } },
          { text: receiptPrompt({ language: input.language }) },
          // Demo mode only: the scripted answers read the payment from this note (no model sees it).
          ...(deps.config.ai.mode === 'demo'
            ? [
                {
                  text: demoReceiptNote({
                    orderNumber: input.orderNumber,
                    amount: input.price,
                    currency: 'MMK',
                    now: new Date(deps.now()),
                    payee: deps.config.merchant.merchantName,
                  }),
                },
              ]
            : []),
        ],
      },
    ],
    generationConfig: {
      responseMimeType: 'application/json',
      responseSchema: receiptResponseSchema,
      temperature: 0,
    },
  };
  const started = performance.now();
  const record = (ok: boolean, message: string) =>
    recordAiResult(deps, { task: 'receipt', ok, latencyMs: performance.now() - started, message });

  let answer: GeminiAnswer;
  try {
    const response = await deps.aiFetch(url, {
      method: 'POST',
      // Its own key when configured: another project's quota than the public features' (N1).
      headers: {
        'Content-Type': 'application/json',
        ...(ai.receiptApiKey ? { 'x-goog-api-key': ai.receiptApiKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.config.receiptTimeoutMs),
    });
    if (!response.ok) {
      const { status } = response;
      // Gemini says a key is invalid or revoked with a 400 (review S9): that is ours, not the receipt's.
      const keyRefused = status === 400 && isKeyRefusal(await response.text().catch(() => ''));
      await response.body?.cancel().catch(() => undefined);
      await record(false, `The AI service answered ${status}${keyRefused ? ' (key refused)' : ''}`);
      // A request the service refuses as such (e.g. an image it cannot open) is the receipt's
      // problem; quota, outages and a refused server key are ours: retry later.
      if (!keyRefused && (status === 400 || status === 413 || status === 415)) {
        return { kind: 'refused', reason: { code: 'verificationFailed' } };
      }
      return { kind: 'unavailable', retryAfterSeconds: retryAfterOf(response) };
    }
    answer = (await response.json()) as GeminiAnswer;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    await record(
      false,
      timedOut ? 'The AI service did not answer in time' : 'The AI service was not reachable',
    );
    return { kind: 'unavailable', retryAfterSeconds: DEFAULT_RETRY_AFTER_S };
  }
  await record(true, 'The AI service answered');
  const text = (answer.candidates?.[0]?.content?.parts ?? [])
    .map((part) => part.text ?? '')
    .join('');
  try {
    return { kind: 'reading', reading: parseModelJson(text, receiptReadingSchema) };
  } catch (error) {
    const unreadable =
      isAiError(error) && (error.kind === 'unreadable' || error.kind === 'invalid');
    return { kind: 'refused', reason: { code: unreadable ? 'unreadable' : 'verificationFailed' } };
  }
}
