import document from './openapi.json';
import { endpointsOf, type OpenApiDocument } from './openapi-view';

export type { Access, Endpoint, Field, Method } from './openapi-view';

/** The documented API, read from the committed OpenAPI document (npm run openapi). */
// Through unknown: TypeScript infers the JSON's literal shapes, which a cast cannot always compare.
export const apiDocument = document as unknown as OpenApiDocument;

export const buildEndpoints = () => endpointsOf(apiDocument);
