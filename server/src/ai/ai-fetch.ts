import { answerDemoRequest, textOnlyMedia } from '#domain/demo-ai/demo-fetch';
import type { Config } from '../config';

/**
 * The fetch the server's AI calls go through: the real network with the server's key in the
 * `x-goog-api-key` header, or, in demo mode, the same scripted answers the shop's demo build
 * gives (src/domain/demo-ai), so a server with no key behaves like the demo shop.
 */
export function createAiFetch(config: Config, network: typeof fetch = fetch): typeof fetch {
  if (config.ai.mode === 'demo') {
    // This instance's demo operations (a video started, then polled), not the process's.
    const media = textOnlyMedia();
    return (input, init) => answerDemoRequest(new Request(input, init), 300, media);
  }
  const key = config.ai.apiKey ?? '';
  return (input, init) => {
    const request = new Request(input, init);
    // A call that names its own key keeps it: the receipt checks' (GEMINI_RECEIPT_API_KEY). The
    // AI proxy sends upstream no header of the client's, so only the server's code names one.
    if (!request.headers.has('x-goog-api-key')) request.headers.set('x-goog-api-key', key);
    return network(request);
  };
}
