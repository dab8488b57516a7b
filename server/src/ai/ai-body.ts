import * as z from 'zod';
import type { AiCall } from './ai-allow-list';

/**
 * The bodies the shop's own AI calls send (src/lib/ai/*), and nothing more (review S2's /ai
 * half): the proxy refuses any other field before it spends the shop's quota. What each call
 * sends:
 * - text tasks (generate.ts, receipt.ts, compatibility.ts, support.ts): `contents` (user text
 *   and inline images) and `generationConfig` {responseMimeType, responseSchema, temperature,
 *   maxOutputTokens};
 * - the chat (the SDK's chats.sendMessageStream): `contents` (the kept history, user and model
 *   turns), `systemInstruction`, `generationConfig` {temperature};
 * - image (image.ts): `generationConfig` {responseModalities: ['IMAGE'], candidateCount: 1};
 * - video (video.ts): `{ instances: [{ prompt, image? }], parameters: { sampleCount: 1 } }`.
 * No `tools` (Google Search, code execution cost extra and reach out), no `fileData` (a URL
 * fetched by Google), no more than one candidate or sample, and bounded output tokens.
 */

export const AI_MAX_OUTPUT_TOKENS = 8192;
const MAX_CONTENTS = 100;
const MAX_PARTS = 16;
const MAX_TEXT = 100_000;

const inlineData = z.strictObject({
  mimeType: z.string().regex(/^image\/(png|jpeg|webp|heic|heif)$/),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

const part = z.strictObject({
  text: z.string().max(MAX_TEXT).optional(),
  inlineData: inlineData.optional(),
  // A model turn of the chat's history may carry these back as it received them.
  thought: z.boolean().optional(),
  thoughtSignature: z.string().max(MAX_TEXT).optional(),
});

const content = z.strictObject({
  role: z.enum(['user', 'model']).optional(),
  parts: z.array(part).min(1).max(MAX_PARTS),
});

/** responseSchema / responseJsonSchema: a JSON schema the answer follows; any shape, bounded by the body limit. */
const anySchema = z.record(z.string(), z.unknown());

const generationConfig = z.strictObject({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).max(100).optional(),
  responseMimeType: z.enum(['application/json', 'text/plain']).optional(),
  responseSchema: anySchema.optional(),
  responseJsonSchema: anySchema.optional(),
  maxOutputTokens: z.number().int().min(1).max(AI_MAX_OUTPUT_TOKENS).optional(),
  candidateCount: z.literal(1).optional(),
});

const imageGenerationConfig = generationConfig.extend({
  responseModalities: z
    .array(z.enum(['IMAGE', 'TEXT']))
    .min(1)
    .max(2)
    .optional(),
});

const generateBody = z.strictObject({
  contents: z.array(content).min(1).max(MAX_CONTENTS),
  systemInstruction: content.optional(),
  generationConfig: generationConfig.optional(),
});

const imageBody = generateBody.extend({ generationConfig: imageGenerationConfig.optional() });

const videoBody = z.strictObject({
  instances: z
    .array(
      z.strictObject({
        prompt: z.string().min(1).max(4_000),
        image: z
          .strictObject({
            bytesBase64Encoded: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
            mimeType: z.string().regex(/^image\/(png|jpeg|webp)$/),
          })
          .optional(),
      }),
    )
    .length(1),
  parameters: z.strictObject({ sampleCount: z.literal(1).optional() }).optional(),
});

/** The schema a POST body of this call must follow. */
function schemaOf(call: AiCall) {
  if (call.task === 'video') return videoBody;
  if (call.task === 'image') return imageBody;
  return generateBody;
}

/** Null when the body is one the shop sends for this call, else the first problem. */
export function aiBodyProblem(call: AiCall, body: unknown): string | null {
  const result = schemaOf(call).safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
  return `${where}${issue.message}${keys}`;
}
