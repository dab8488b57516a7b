import type { Deps } from '../deps';
import { createRouter } from './router';

/** GET /plans. */
export function catalogueRoutes(deps: Deps) {
  const router = createRouter();
  void deps;
  return router;
}
