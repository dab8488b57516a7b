// Jitless zod before any parse in the browser (the shop's CSP forbids eval; see zod-config).
import '../zod-config';

/** A model's JSON answer: read in src/domain, shared with the server (issue #39 point 4). */
export { parseModelJson, stripJsonFence } from '#domain/model-json';
