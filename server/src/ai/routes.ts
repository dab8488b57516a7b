import { safeError } from '../platform/log-safe';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientKey } from '../platform/client-address';
import type { Deps } from '../deps';
import { ApiError, errorResponse } from '../platform/errors';
import { matchAiCall, type AiCall } from './ai-allow-list';
import { aiBodyProblem } from './ai-body';
import { recordAiResult } from './ai-health';
import { estimateInputTokens, spendAiBudget } from './ai-budgets';
import { createAiChallenge, PROOF_HEADER, spendAiProof } from './ai-proof';
import { databaseRateLimiter } from '../platform/abuse-limits';
import { isKeyRefusal } from '../payments/receipt-model';
import { createRouter } from '../platform/http/router';

/** Response headers of the AI service that the shop's SDK reads; nothing else goes back. */
const forwardedResponseHeaders = ['content-type', 'retry-after'];

/**
 * /ai/* (the shop's AI calls, forwarded to Gemini with the server's key). The browser never
 * holds a key: whatever key it sends is dropped, and deps.aiFetch adds the server's (or answers
 * from the demo script). Only the calls the shop makes pass (ai/ai-allow-list.ts); each
 * client has a rate limit and each body a size limit. Answers stream through as they come.
 */
export function aiProxyRoutes(deps: Deps) {
  const router = createRouter();
  const { proxy } = deps.config.ai;
  const limiter =
    deps.aiRateLimiter ??
    databaseRateLimiter(deps, { limit: proxy.rateLimit, windowMs: proxy.rateWindowMs });

  router.use(
    '*',
    bodyLimit({
      maxSize: proxy.maxBodyBytes,
      onError: (c) =>
        errorResponse(
          c,
          new ApiError(
            413,
            'payload_too_large',
            `An AI request may carry at most ${Math.floor(proxy.maxBodyBytes / 1024)} KB.`,
          ),
        ),
    }),
  );

  // The proof of work an image or a video asks first (ai/ai-proof.ts).
  router.get('/challenge', async (c) => {
    const task = c.req.query('task');
    if (task !== 'image' && task !== 'video') {
      throw new ApiError(400, 'validation_failed', 'task: image or video');
    }
    return c.json(await createAiChallenge(deps, task), 200, { 'Cache-Control': 'no-store' });
  });

  router.all('*', async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.replace(/^\/ai\//, '');
    const call = matchAiCall(c.req.method, path, url.searchParams, deps.config.ai.models);
    if (!call) {
      throw new ApiError(
        403,
        'forbidden',
        'This AI call is not one the shop makes: only its own models and methods pass.',
      );
    }

    const client = clientKey(c, deps);
    const decision = await limiter.take(`ai:${client}`, deps.now());
    if (!decision.allowed) {
      throw new ApiError(
        429,
        'rate_limited',
        `Too many AI requests from this address. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
        { 'Retry-After': String(decision.retryAfterSeconds) },
      );
    }

    const body = call.method === 'POST' ? await readBody(c, call) : undefined;
    if (body && call.task !== 'receipt') {
      // What a call may cost (review N1, decision 121): its size, a proof of work for an image
      // or a video, and the feature's daily budgets (the client's, then the shop's).
      const tokens = estimateInputTokens(body.parsed);
      if (tokens > proxy.maxInputTokens) {
        throw new ApiError(
          413,
          'payload_too_large',
          `An AI request may carry about ${proxy.maxInputTokens} tokens; this one about ${tokens}.`,
        );
      }
      if (call.task === 'image' || call.task === 'video') {
        await spendAiProof(deps, call.task, c.req.header(PROOF_HEADER));
      }
      await spendAiBudget(deps, { task: call.task, client, tokens });
    }
    return forward(c, deps, call, body?.bytes);
  });

  return router;
}

/** A POST body: JSON, only the fields the shop's own calls send, within their limits (ai/ai-body.ts). */
async function readBody(c: Context, call: AiCall) {
  const bytes = await c.req.arrayBuffer();
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const problem = aiBodyProblem(call, parsed);
  if (problem) {
    throw new ApiError(
      400,
      'validation_failed',
      `This AI request is not one the shop makes: ${problem}`,
    );
  }
  return { bytes, parsed };
}

async function forward(
  c: Context,
  deps: Deps,
  call: AiCall,
  body: ArrayBuffer | undefined,
): Promise<Response> {
  const query = call.query.size > 0 ? `?${call.query.toString()}` : '';
  const target = `${deps.config.ai.baseUrl}/${call.path}${query}`;

  // The upstream has `timeoutMs` to answer with its headers; a client that leaves cancels it.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The AI service took too long', 'TimeoutError')),
    call.timeoutMs,
  );
  const clientSignal = c.req.raw.signal;
  const onClientAbort = () => controller.abort(clientSignal.reason);
  clientSignal.addEventListener('abort', onClientAbort, { once: true });

  const started = performance.now();
  const record = (ok: boolean, message: string) =>
    recordAiResult(deps, { task: call.task, ok, latencyMs: performance.now() - started, message });

  let upstream: Response;
  try {
    upstream = await deps.aiFetch(target, {
      method: call.method,
      // Only the body's type goes upstream: never the client's key, cookies or other headers.
      headers: body ? { 'content-type': 'application/json' } : {},
      body,
      signal: controller.signal,
    });
  } catch (error) {
    const timedOut = controller.signal.reason instanceof DOMException;
    await record(false, timedOut ? 'timeout' : 'unreachable');
    deps.logger.warn({ task: call.task, err: safeError(error) }, 'AI service call failed');
    throw new ApiError(
      timedOut ? 504 : 503,
      'ai_unavailable',
      timedOut
        ? 'The AI service did not answer in time. Please try again.'
        : 'The AI service cannot be reached right now. Please try again in a minute.',
      { 'Retry-After': '10' },
    );
  } finally {
    clearTimeout(timer);
  }
  clientSignal.removeEventListener('abort', onClientAbort);

  if (!upstream.ok) {
    await record(false, `HTTP ${upstream.status}`);
    throw await upstreamError(upstream);
  }
  await record(true, 'ok');

  const headers = new Headers();
  for (const name of forwardedResponseHeaders) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (call.stream) headers.set('cache-control', 'no-store');
  return new Response(upstream.body, { status: upstream.status, headers });
}

/** The AI service's refusal in the one error shape, with the status the SDK maps from. */
async function upstreamError(upstream: Response): Promise<ApiError> {
  let message = '';
  const text = await upstream.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') message = body.error.message.slice(0, 300);
  } catch {
    // Not JSON: the status says enough.
  }
  const { status } = upstream;
  if (status === 400 && isKeyRefusal(text)) {
    // The server's key is invalid or revoked (review S9): the shop's configuration.
    return new ApiError(
      503,
      'ai_unavailable',
      'The AI service failed to answer. Please try again in a minute.',
      { 'Retry-After': '60' },
    );
  }
  if (status === 429) {
    return new ApiError(
      429,
      'rate_limited',
      'The AI service is busy (its quota is used up for now). Please try again in a minute.',
      { 'Retry-After': upstream.headers.get('retry-after') ?? '30' },
    );
  }
  if (status === 401 || status === 403 || status >= 500) {
    // A refused key is the shop's configuration, not the caller's fault: say unavailable.
    return new ApiError(
      status >= 500 ? (status as 500 | 502 | 503 | 504) : 502,
      'ai_unavailable',
      'The AI service failed to answer. Please try again in a minute.',
      status === 503 ? { 'Retry-After': '10' } : {},
    );
  }
  if (status === 404)
    return new ApiError(404, 'not_found', message || 'Not found at the AI service.');
  return new ApiError(
    400,
    'validation_failed',
    message || `The AI service refused the request (HTTP ${status}).`,
  );
}
