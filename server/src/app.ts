import { cors } from 'hono/cors';
import type { Deps } from './deps';
import { errorBody, errorResponse, toApiError } from './errors';
import { safeError } from './log-safe';
import { buildOpenApiDocument } from './openapi/document';
import { errorBodySchema } from './schemas/error';
import { aiProxyRoutes } from './routes/ai-proxy';
import { availabilityRoutes, plansRoutes } from './routes/catalogue';
import { ES2PLUS_PREFIX, es2plusRoutes } from './routes/es2plus';
import { partnerV1Routes, purchaseRoutes } from './routes/partner';
import { paymentRoutes } from './routes/payments';
import { createRouter } from './routes/router';
import { shopOrderRoutes } from './routes/shop-orders';
import { staffRoutes } from './routes/staff';
import { statusRoutes } from './routes/status';

/** The methods the shop's origins may call across origins: every method the API routes use. */
export const CORS_METHODS = ['GET', 'POST', 'PATCH', 'OPTIONS'];

export const API_TITLE = 'eSIM Myanmar API';
export const API_VERSION = '1.0.0';

/** Builds the whole HTTP application from its dependencies (STYLE: the server wing). */
export function createApp(deps: Deps) {
  const app = createRouter();

  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      deps.logger.error(
        { path: c.req.path, method: c.req.method, code: apiError.code, err: safeError(error) },
        'request failed',
      );
    }
    return errorResponse(c, apiError);
  });
  app.notFound((c) =>
    c.json(errorBody('not_found', `No ${c.req.method} ${c.req.path} here.`), 404),
  );

  // The shop's own origins only; partners call from their servers, where CORS does not apply.
  app.use(
    '*',
    cors({
      origin: (origin) => (deps.config.shopOrigins.includes(origin) ? origin : null),
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'Idempotency-Key',
        'X-Order-Token',
        'x-goog-api-key',
        'x-goog-api-client',
      ],
      // Every method a route answers: the shop corrects a contact with PATCH (issue #24).
      allowMethods: CORS_METHODS,
      exposeHeaders: ['Retry-After', 'Idempotent-Replayed', 'X-AI-Mode'],
      maxAge: 600,
    }),
  );

  // Every answer says whether receipts are read by Gemini or decided by the demo script, so the
  // shop shows its demo banner in server mode too (issue #23 item 6). Review S5: orders,
  // tokens, activation codes and contacts never sit in a shared or browser cache, and no answer
  // is sniffed as another type. A route that may be cached says so itself (the plans, the
  // OpenAPI document); everything else is no-store.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-AI-Mode', deps.config.ai.mode);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    deps.logger.info(
      {
        method: c.req.method,
        path: c.req.routePath === '/*' ? c.req.path : c.req.routePath,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  // Every error answers this shape; it is a component even before a route refers to it.
  app.openAPIRegistry.register('Error', errorBodySchema);
  // One router per resource, mounted at its prefix (decision 088).
  app.route('/status', statusRoutes(deps));
  app.route('/api/availability', availabilityRoutes(deps));
  app.route('/plans', plansRoutes());
  app.route('/purchase', purchaseRoutes(deps));
  app.route('/v1', partnerV1Routes(deps));
  app.route('/api/orders', shopOrderRoutes(deps));
  app.route('/api/staff', staffRoutes(deps));
  app.route('/api/payments', paymentRoutes(deps));
  app.route('/ai', aiProxyRoutes(deps));
  app.route(ES2PLUS_PREFIX, es2plusRoutes(deps));

  // The document of every route above, built on the first request (not itself documented).
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument(app);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
