import type { Deps } from '../deps';
import { createRouter } from './router';

/** /ai/* (the shop's AI calls, forwarded to Gemini with the server's key). */
export function aiProxyRoutes(deps: Deps) {
  const router = createRouter();
  void deps;
  return router;
}
