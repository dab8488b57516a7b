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

export type VerifyReceiptInput = ReceiptPromptInput & {
  image: ReceiptImage;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
};

export function verifyReceipt(input: VerifyReceiptInput): Promise<ReceiptReading> {
  return generateJson(
    {
      task: 'receipt',
      parts: [
        { inlineData: { mimeType: input.image.mimeType, data: input.image.base64 } },
        receiptPrompt(input),
      ],
      config: { responseSchema: toSchema(receiptResponseSchema), temperature: 0 },
      timeoutMs: input.timeoutMs ?? 60_000,
      signal: input.signal,
    },
    receiptReadingSchema,
  );
}
