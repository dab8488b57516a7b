import type { AiSettings } from './client';
import { AiError } from './errors';
import { generate } from './generate';

export type GeneratedImage = { mimeType: string; base64: string };

/** One image for a prompt, from a Gemini image model through generateContent. */
export async function generateImage(
  ai: AiSettings,
  prompt: string,
  signal?: AbortSignal,
): Promise<GeneratedImage> {
  const response = await generate({
    ai,
    task: 'image',
    parts: [prompt],
    config: { responseModalities: ['IMAGE'], candidateCount: 1 },
    timeoutMs: 120_000,
    signal,
  });
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const image = parts.find(
    (part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/'),
  );
  if (!image?.inlineData?.data) throw new AiError('empty', 'The AI service returned no image');
  return { mimeType: image.inlineData.mimeType ?? 'image/png', base64: image.inlineData.data };
}
