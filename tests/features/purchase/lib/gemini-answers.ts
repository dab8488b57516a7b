import { HttpResponse } from 'msw';

/** A generateContent answer whose only part is `text`, as the Gemini REST API sends it. */
export const geminiText = (text: string) =>
  HttpResponse.json({
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  });

/** A JSON answer as the model gives it: JSON text inside a text part. */
export const geminiJson = (data: unknown) => geminiText(JSON.stringify(data));

export type GeminiBody = {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  generationConfig?: { responseMimeType?: string; responseSchema?: unknown };
};
