import type { Page, Request, Route } from '@playwright/test';

/**
 * Scripts the Gemini REST API for a journey with page.route, so the real SDK in the page
 * makes real requests and gets the service's answer shapes back.
 */
export const GEMINI_URL = 'https://generativelanguage.googleapis.com';

export type GeminiMethod =
  'generateContent' | 'streamGenerateContent' | 'predictLongRunning' | 'operation' | 'download';

export type RecordedCall = {
  method: GeminiMethod | 'other';
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

type Responder = (request: Request, body: unknown) => Promise<ResponseSpec> | ResponseSpec;
export type ResponseSpec = {
  status?: number;
  contentType?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
};

export const methodOf = (url: string): GeminiMethod | 'other' => {
  if (url.includes(':streamGenerateContent')) return 'streamGenerateContent';
  if (url.includes(':generateContent')) return 'generateContent';
  if (url.includes(':predictLongRunning')) return 'predictLongRunning';
  if (url.includes(':download')) return 'download';
  if (/\/operations\//.test(url)) return 'operation';
  return 'other';
};

/** A GenerateContentResponse with one text part. */
export const textAnswer = (text: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
});

/** A JSON answer as the model gives it: JSON text inside a text part. */
export const jsonAnswer = (data: unknown): ResponseSpec => ({
  contentType: 'application/json',
  body: JSON.stringify(textAnswer(JSON.stringify(data))),
});

/** An SSE stream, one `data:` event per piece, as `:streamGenerateContent?alt=sse` sends. */
export const sseAnswer = (pieces: string[]): ResponseSpec => ({
  contentType: 'text/event-stream',
  body: pieces
    .map((text, index) => {
      const event = textAnswer(text) as { candidates: { finishReason?: string }[] };
      if (index < pieces.length - 1) delete event.candidates[0]!.finishReason;
      return `data: ${JSON.stringify(event)}\r\n\r\n`;
    })
    .join(''),
});

export const errorAnswer = (status: number, message = 'Scripted failure'): ResponseSpec => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({
    error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' },
  }),
});

export class GeminiMock {
  readonly calls: RecordedCall[] = [];
  private readonly responders = new Map<GeminiMethod, Responder[]>();

  constructor(private readonly page: Page) {}

  async install() {
    await this.page.route(`${GEMINI_URL}/**`, (route) => this.handle(route));
  }

  /** Answers the next calls of `method` in order; the last responder keeps answering. */
  on(method: GeminiMethod, ...responders: (Responder | ResponseSpec)[]) {
    this.responders.set(
      method,
      responders.map((r) => (typeof r === 'function' ? r : () => r)),
    );
    return this;
  }

  count(method: GeminiMethod) {
    return this.calls.filter((call) => call.method === method).length;
  }

  private async handle(route: Route) {
    const request = route.request();
    const method = methodOf(request.url());
    let body: unknown = null;
    try {
      body = request.postDataJSON();
    } catch {
      body = request.postData();
    }
    this.calls.push({ method, url: request.url(), body, headers: await request.allHeaders() });
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: corsHeaders });
      return;
    }
    const queue = method === 'other' ? undefined : this.responders.get(method);
    const responder = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    const spec = responder
      ? await responder(request, body)
      : errorAnswer(501, `No scripted answer for ${method}`);
    await route.fulfill({
      status: spec.status ?? 200,
      contentType: spec.contentType ?? 'application/json',
      body: spec.body,
      headers: { ...corsHeaders, ...spec.headers },
    });
  }
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
