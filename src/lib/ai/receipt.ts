import type { AiSettings } from './client';
import { generateJson } from './generate';
import {
  demoReceiptNote,
  receiptPrompt,
  receiptReadingSchema,
  receiptResponseSchema,
  type DemoReceipt,
  type ReceiptPromptInput,
  type ReceiptReading,
} from '#domain/receipt-prompt';
import { toSchema } from './response-schema';

export {
  demoReceiptNote,
  receiptPrompt,
  receiptReadingSchema,
  type DemoReceipt,
  type ReceiptReading,
} from '#domain/receipt-prompt';

export type ReceiptImage = { mimeType: string; base64: string };

export type VerifyReceiptInput = ReceiptPromptInput & {
  image: ReceiptImage;
  /** Sent in demo mode only, where no model sees it; a real model is told nothing to expect. */
  demo?: DemoReceipt;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
};

export function verifyReceipt(ai: AiSettings, input: VerifyReceiptInput): Promise<ReceiptReading> {
  return generateJson(
    {
      ai,
      task: 'receipt',
      parts: [
        { inlineData: { mimeType: input.image.mimeType, data: input.image.base64 } },
        receiptPrompt(input),
        ...(ai.mode === 'demo' && input.demo ? [demoReceiptNote(input.demo)] : []),
      ],
      config: { responseSchema: toSchema(receiptResponseSchema), temperature: 0 },
      timeoutMs: input.timeoutMs ?? 60_000,
      signal: input.signal,
    },
    receiptReadingSchema,
  );
}
