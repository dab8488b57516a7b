import { config } from 'zod/v4/core';

/**
 * Zod compiles a fast object parser with `new Function` when it can, and probes for that with a
 * `new Function("")` the first time it parses. The shop's Content-Security-Policy forbids eval, so
 * the probe logs a CSP violation. Jitless mode never probes. Imported (for its effect) by the
 * modules that parse with zod in the browser, lib/ai/json and the status page; the journeys fail
 * on any CSP violation, so a new parser elsewhere that forgets it shows up there.
 */
config({ jitless: true });
