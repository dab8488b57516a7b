import type { Deps } from './deps';
import { errorBody, errorResponse, toApiError } from './platform/errors';
import { edge, preparedAnswers } from './platform/http/edge';
import { safeError } from './platform/log-safe';
import { buildOpenApiDocument } from './openapi/document';
import { errorBodySchema } from './platform/http/error-schema';
import { aiProxyRoutes } from './ai/routes';
import { availabilityRoutes, plansRoutes, preparedCatalogue } from './catalogue/routes';
import { ES2PLUS_PREFIX, es2plusRoutes } from './provisioning/routes';
import { partnerV1Routes, purchaseRoutes } from './partner/routes';
import { paymentRoutes } from './payments/routes';
import { providerOrderRoutes, providerPaymentRoutes } from './payments/provider-routes';
import { createProviders } from './payments/providers/provider-payments';
import { orderStreamRoutes } from './orders/stream-routes';
import { createRouter } from './platform/http/router';
import { shopOrderRoutes } from './orders/routes';
import { staffRoutes } from './staff/routes';
import { buyerRequestRoutes, staffRequestRoutes } from './orders/request-routes';
import { statusRoutes } from './status/routes';
import { createMetrics } from './status/metrics';
import { mountOperations } from './status/operations';
import { createLifecycle, OPERATIONS_PATHS } from './platform/lifecycle';

export const API_TITLE = 'eSIM Myanmar API';
export const API_VERSION = '1.0.0';

/** Builds the whole HTTP application from its dependencies (STYLE: the server wing). */
export function createApp(given: Deps) {
  // GET /metrics's counters and the drain's state: main.ts passes its own (the workers count
  // AI calls too, and SIGTERM drains); tests and the Workers entry get fresh ones.
  const lifecycle = given.lifecycle ?? createLifecycle();
  const metrics = given.metrics ?? createMetrics({ ...given, lifecycle });
  const deps: Deps = { ...given, metrics, lifecycle };
  const app = createRouter();
  const catalogue = preparedCatalogue();

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

  // CORS, the headers every answer carries, the request's log line and its metrics, in one
  // middleware that leaves the route's answer on the server's fast path (decision 100).
  app.use('*', edge(deps));
  mountOperations(app, deps, metrics, lifecycle);

  // Every error answers this shape; it is a component even before a route refers to it.
  app.openAPIRegistry.register('Error', errorBodySchema);
  // One router per resource, mounted at its prefix (decision 088).
  app.route('/status', statusRoutes(deps));
  app.route('/api/availability', availabilityRoutes(deps));
  app.route('/plans', plansRoutes(catalogue));
  app.route('/purchase', purchaseRoutes(deps));
  app.route('/v1', partnerV1Routes(deps));
  app.route('/api/orders', shopOrderRoutes(deps));
  // Payment providers (issue #40): start a payment, their notifications, the order's stream.
  const providers = createProviders(deps);
  app.route('/api/orders', providerOrderRoutes(deps, providers));
  app.route('/api/orders', orderStreamRoutes(deps));
  app.route('/api/staff', staffRoutes(deps));
  // Refunds and replacements (issue #41): the buyer's request and the staff's decisions.
  app.route('/api/orders', buyerRequestRoutes(deps));
  app.route('/api/staff', staffRequestRoutes(deps, providers));
  app.route('/api/payments', paymentRoutes(deps));
  app.route('/api/payments', providerPaymentRoutes(deps, providers));
  app.route('/ai', aiProxyRoutes(deps));
  app.route(ES2PLUS_PREFIX, es2plusRoutes(deps));

  // The document of every route above, built on the first request (not itself documented).
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument(app);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(document);
  });

  // GET /plans, the most requested route, is answered before the router with the same bytes
  // the route and the edge make together: synchronously, its headers made once (decision 103).
  const prepared = preparedAnswers(deps, { '/plans': catalogue });
  const routed = app.fetch;
  const answer = (...[request, env, executionCtx]: Parameters<typeof routed>) => {
    const started = performance.now();
    const ready = prepared(request, env);
    if (!ready) return routed(request, env, executionCtx);
    metrics.observeRequest('/plans', 'GET', ready.status, (performance.now() - started) / 1000);
    return ready;
  };
  // Once the server drains (SIGTERM), new requests are refused with 503 and `Connection:
  // close`, so the proxy sends them to another instance (main.ts counts those in flight).
  app.fetch = (request, env, executionCtx) => {
    if (lifecycle.draining() && !OPERATIONS_PATHS.has(new URL(request.url).pathname)) {
      return new Response(
        JSON.stringify(
          errorBody('unavailable', 'This server is stopping. Please send the request again.'),
        ),
        {
          status: 503,
          headers: {
            'content-type': 'application/json',
            connection: 'close',
            'retry-after': '1',
            'cache-control': 'no-store',
          },
        },
      );
    }
    return answer(request, env, executionCtx);
  };

  return app;
}

export type App = ReturnType<typeof createApp>;
