import { demoChatReply, demoGenerateAnswer } from './demo-answers';
import { jsonResponse, readGeminiCall, splitForStream, sseResponse } from './gemini-rest';

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** Answers a Gemini REST request the way the service would, with no network. */
export async function answerDemoRequest(request: Request, latencyMs = 0): Promise<Response> {
  const call = await readGeminiCall(request);
  await wait(latencyMs, request.signal);
  switch (call.kind) {
    case 'generate': {
      if (call.stream)
        return sseResponse(splitForStream(demoChatReply(call.body), 6), latencyMs / 4);
      if (call.body.generationConfig?.responseModalities?.includes('IMAGE')) {
        const { drawDemoImage } = await import('./demo-image');
        const prompt = call.body.contents?.[0]?.parts?.[0]?.text ?? '';
        const image = await drawDemoImage(prompt);
        return jsonResponse({
          candidates: [
            {
              content: {
                role: 'model',
                parts: [{ inlineData: { mimeType: image.mimeType, data: image.base64 } }],
              },
              finishReason: 'STOP',
              index: 0,
            },
          ],
        });
      }
      return jsonResponse(demoGenerateAnswer(call.body));
    }
    default: {
      const { answerDemoVideoCall } = await import('./demo-video');
      return answerDemoVideoCall(call);
    }
  }
}

/** A fetch for the SDK's `httpOptions.fetch` in demo mode. */
export function createDemoFetch(latencyMs: number): typeof fetch {
  return (input, init) => answerDemoRequest(new Request(input, init), latencyMs);
}
