/** Helpers to read Gemini REST requests and write answers shaped like the real service's. */

export type GeminiPart = { text?: string; inlineData?: { mimeType?: string; data?: string } };
export type GeminiRequestBody = {
  contents?: { role?: string; parts?: GeminiPart[] }[];
  systemInstruction?: { parts?: GeminiPart[] };
  generationConfig?: {
    responseSchema?: { properties?: Record<string, unknown> };
    responseModalities?: string[];
  };
  instances?: { prompt?: string; image?: unknown }[];
};

export type GeminiCall =
  | { kind: 'generate'; model: string; stream: boolean; body: GeminiRequestBody }
  | { kind: 'predictLongRunning'; model: string; body: GeminiRequestBody }
  | { kind: 'operation'; name: string }
  | { kind: 'download'; file: string }
  | { kind: 'unknown' };

/** Which REST method a URL is, e.g. `.../v1beta/models/gemini-2.5-flash:generateContent`. */
export async function readGeminiCall(request: Request): Promise<GeminiCall> {
  const url = new URL(request.url);
  const path = url.pathname;
  const method =
    /\/models\/([^/:]+):(generateContent|streamGenerateContent|predictLongRunning)$/.exec(path);
  if (method) {
    const body = (await request.json().catch(() => ({}))) as GeminiRequestBody;
    const model = method[1] ?? '';
    if (method[2] === 'predictLongRunning') return { kind: 'predictLongRunning', model, body };
    return { kind: 'generate', model, stream: method[2] === 'streamGenerateContent', body };
  }
  const download = /\/files\/([^/:]+):download$/.exec(path);
  if (download) return { kind: 'download', file: download[1] ?? '' };
  const operation = /\/v\d\w*\/(.*operations\/[^/]+)$/.exec(path);
  if (operation) return { kind: 'operation', name: operation[1] ?? '' };
  return { kind: 'unknown' };
}

export const allText = (body: GeminiRequestBody): string =>
  [
    ...(body.systemInstruction?.parts ?? []),
    ...(body.contents ?? []).flatMap((content) => content.parts ?? []),
  ]
    .map((part) => part.text ?? '')
    .join('\n');

export const lastUserText = (body: GeminiRequestBody): string => {
  const users = (body.contents ?? []).filter((content) => content.role !== 'model');
  return (users.at(-1)?.parts ?? []).map((part) => part.text ?? '').join('\n');
};

export const textResponse = (text: string, finishReason = 'STOP') => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason, index: 0 }],
  modelVersion: 'demo',
});

export const jsonResponse = (data: unknown, init?: ResponseInit) =>
  new Response(JSON.stringify(data), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });

/** A `text/event-stream` answer that sends each piece as its own `data:` event. */
export function sseResponse(pieces: string[], delayMs = 0): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, piece] of pieces.entries()) {
        if (delayMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        const last = index === pieces.length - 1;
        const event = textResponse(piece, last ? 'STOP' : undefined);
        if (!last) delete (event.candidates[0] as { finishReason?: string }).finishReason;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\r\n\r\n`));
      }
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** Splits a reply into a few pieces at word boundaries, as a streaming model would. */
export function splitForStream(text: string, pieces = 4): string[] {
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / pieces));
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}
