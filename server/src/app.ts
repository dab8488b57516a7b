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
import { statusRoutes } from './status/routes';

export const API_TITLE = 'eSIM Myanmar API';
export const API_VERSION = '1.0.0';

/** Builds the whole HTTP application from its dependencies (STYLE: the server wing). */
export function createApp(deps: Deps) {
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

  // CORS, the headers every answer carries and the request's log line, in one middleware that
  // leaves the route's answer on the server's fast path (decision 100).
  app.use('*', edge(deps));

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
  app.fetch = (request, env, executionCtx) =>
    prepared(request, env) ?? routed(request, env, executionCtx);

  return app;
}

export type App = ReturnType<typeof createApp>;
