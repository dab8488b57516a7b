import type { Deps } from '../deps';
import { createRouter } from './router';

/** GET /status. */
export function statusRoutes(deps: Deps) {
  const router = createRouter();
  void deps;
  return router;
}
