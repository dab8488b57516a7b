import type { Deps } from '../deps';
import { createRouter } from './router';

/** POST /purchase, POST /v1/activate, GET /v1/profile/{orderId} (partners, API key). */
export function partnerRoutes(deps: Deps) {
  const router = createRouter();
  void deps;
  return router;
}
