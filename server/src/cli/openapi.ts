import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_FILE, openApiFileText } from '../openapi/file';

/** `npm run openapi`: writes the OpenAPI document to the SPA's copy (/developers renders it). */
writeFileSync(OPENAPI_FILE, await openApiFileText());
console.log(`Wrote ${fileURLToPath(OPENAPI_FILE)}`);
