import { aiMode } from './client';
import { generateJson } from './generate';
import {
  receiptPrompt,
  receiptReadingSchema,
  receiptResponseSchema,
  type ReceiptPromptInput,
  type ReceiptReading,
} from './receipt-prompt';
import { toSchema } from './response-schema';

export {
  myanmarTime,
  receiptPrompt,
  receiptReadingSchema,
  type ReceiptReading,
} from './receipt-prompt';

export type ReceiptImage = { mimeType: string; base64: string };

/** The payment the demo's stand-in model pretends to read from any screenshot. */
export type DemoReceipt = { orderNumber: string; amount: number; currency: string; now: Date };

export type VerifyReceiptInput = ReceiptPromptInput & {
  image: ReceiptImage;
  /** Sent in demo mode only, where no model sees it; a real model is told nothing to expect. */
  demo?: DemoReceipt;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
};

/** The demo's note, read by demo-answers: `Demo receipt: <order> <amount> <currency> <ISO time>`. */
export const demoReceiptNote = (demo: DemoReceipt) =>
  `Demo receipt: ${demo.orderNumber} ${demo.amount} ${demo.currency} ${demo.now.toISOString()}`;

export function verifyReceipt(input: VerifyReceiptInput): Promise<ReceiptReading> {
  return generateJson(
    {
      task: 'receipt',
      parts: [
        { inlineData: { mimeType: input.image.mimeType, data: input.image.base64 } },
        receiptPrompt(input),
        ...(aiMode() === 'demo' && input.demo ? [demoReceiptNote(input.demo)] : []),
      ],
      config: { responseSchema: toSchema(receiptResponseSchema), temperature: 0 },
      timeoutMs: input.timeoutMs ?? 60_000,
      signal: input.signal,
    },
    receiptReadingSchema,
  );
}
