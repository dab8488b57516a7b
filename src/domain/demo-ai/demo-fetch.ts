import { demoChatReply, demoGenerateAnswer } from './demo-answers';
import {
  jsonResponse,
  readGeminiCall,
  splitForStream,
  sseResponse,
  type GeminiCall,
} from './gemini-rest';
import { createDemoVideoCalls } from './demo-video-calls';

/**
 * The demo's pictures and videos are drawn on a canvas, so only a browser has them: the shop
 * passes them in (browser-demo-fetch.ts); the server, which answers text calls only, does not.
 */
export type DemoMedia = {
  drawImage: (prompt: string) => Promise<{ mimeType: string; base64: string }>;
  answerVideo: (call: GeminiCall) => Promise<Response>;
};

/**
 * The media of a place that cannot draw (the server): no pictures, and videos that start and are
 * polled but cannot be downloaded. One per server instance: it holds the operations it started.
 */
export function textOnlyMedia(): DemoMedia {
  const videos = createDemoVideoCalls();
  return {
    drawImage: () => Promise.reject(new Error('The demo draws pictures in a browser only')),
    answerVideo: (call) =>
      videos.answer(call, () => Promise.reject(new Error('This browser cannot record a canvas'))),
  };
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** Answers a Gemini REST request the way the service would, with no network. */
export async function answerDemoRequest(
  request: Request,
  latencyMs: number,
  media: DemoMedia,
): Promise<Response> {
  const call = await readGeminiCall(request);
  await wait(latencyMs, request.signal);
  switch (call.kind) {
    case 'generate': {
      if (call.stream)
        return sseResponse(splitForStream(demoChatReply(call.body), 6), latencyMs / 4);
      if (call.body.generationConfig?.responseModalities?.includes('IMAGE')) {
        const prompt = call.body.contents?.[0]?.parts?.[0]?.text ?? '';
        const image = await media.drawImage(prompt);
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
      return media.answerVideo(call);
    }
  }
}
