import { resolveAiMode, type RawEnv } from '../src/config/env-schema.ts';

/**
 * The Content-Security-Policy of the built site, made from the build's validated configuration:
 * scripts only from the site itself, connections only to the AI service and the configured
 * proxy / webhook / status / newsletter URLs (decision 014).
 */
export const GEMINI_ORIGIN = 'https://generativelanguage.googleapis.com';

/**
 * Where a finished Veo video may come from besides the API root. Its `files/…:download` link
 * answers with a redirect to Google's content hosts (not verified without a real key; decision
 * 007). The browser follows that redirect itself with a key, and also behind a proxy that hands
 * the redirect back instead of following it; a link off the API root is fetched as it is.
 */
export const VIDEO_DOWNLOAD_ORIGINS = ['https://*.googleusercontent.com'] as const;

export type CspEnv = Pick<
  RawEnv,
  | 'VITE_AI_MODE'
  | 'VITE_GEMINI_API_KEY'
  | 'VITE_GENAI_BASE_URL'
  | 'VITE_API_URL'
  | 'VITE_ORDER_WEBHOOK_URL'
  | 'VITE_STATUS_URL'
  | 'VITE_NEWSLETTER_URL'
>;

const originOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

/**
 * The origins the AI client talks to, as src/lib/ai/client.ts decides: none in demo mode (its
 * answers are made in the page), the proxy when there is one (the SDK and the Veo REST calls
 * both use it as their API root), else the Gemini API itself.
 */
export function aiOrigins(env: CspEnv): string[] {
  if (resolveAiMode(env) === 'demo') return [];
  // Server mode: the shop's API is the AI proxy (`${VITE_API_URL}/ai`); it downloads videos too.
  const server = originOf(env.VITE_API_URL);
  if (server && !env.VITE_GENAI_BASE_URL) return [server];
  const apiRoot = originOf(env.VITE_GENAI_BASE_URL) ?? GEMINI_ORIGIN;
  return [apiRoot, ...VIDEO_DOWNLOAD_ORIGINS];
}

export function buildCsp(env: CspEnv): string {
  const connect = new Set<string>(["'self'", ...aiOrigins(env)]);
  const urls = [env.VITE_API_URL, env.VITE_ORDER_WEBHOOK_URL, env.VITE_STATUS_URL];
  for (const url of [...urls, env.VITE_NEWSLETTER_URL]) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mermaid writes <style> into its SVG; React sets style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    // The starfield and globe workers are chunks of the site (Vite's ?worker), not blob: URLs.
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-src': ["'none'"],
    'manifest-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
