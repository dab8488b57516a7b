import { answerDemoRequest, type DemoMedia } from '#domain/demo-ai/demo-fetch';

/** The browser's demo media: drawn on a canvas, loaded when first asked for. */
const browserMedia: DemoMedia = {
  drawImage: async (prompt) => (await import('./demo-image')).drawDemoImage(prompt),
  answerVideo: async (call) => (await import('./demo-video')).answerDemoVideoCall(call),
};

/** Answers a Gemini REST request in the browser, pictures and videos included. */
export const answerBrowserDemoRequest = (request: Request, latencyMs = 0) =>
  answerDemoRequest(request, latencyMs, browserMedia);

/** A fetch for the SDK's `httpOptions.fetch` in demo mode. */
export function createDemoFetch(latencyMs: number): typeof fetch {
  return (input, init) => answerBrowserDemoRequest(new Request(input, init), latencyMs);
}
