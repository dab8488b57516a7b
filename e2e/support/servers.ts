import geminiBuildEnv from './gemini-build-env.json' with { type: 'json' };

/** Where the two e2e builds are served. E2E_PORT_BASE lets parallel runs use other ports. */
const base = Number(process.env.E2E_PORT_BASE ?? 4173);

export const e2eServers = {
  gemini: { port: base, dist: `dist-e2e-${base}`, url: `http://127.0.0.1:${base}/` },
  demo: { port: base + 1, dist: `dist-demo-${base}`, url: `http://127.0.0.1:${base + 1}/` },
} as const;

/** Configuration of the `gemini` build: a fake key (all AI calls are intercepted) and every optional URL. */
export const e2eGeminiEnv: Record<string, string> = geminiBuildEnv;
