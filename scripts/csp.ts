/**
 * The Content-Security-Policy of the built site, made from the build's configuration:
 * scripts only from the site itself, connections only to the AI service and the configured
 * proxy / webhook / status / newsletter URLs.
 */
export const GEMINI_ORIGIN = 'https://generativelanguage.googleapis.com';

const originOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
};

export function buildCsp(env: Record<string, string | undefined>): string {
  // A finished Veo video is fetched from its `files/…:download` link on the API origin, which may
  // redirect to Google's content hosts (not verified without a real key; see decision 007).
  const connect = new Set<string>(["'self'", GEMINI_ORIGIN, 'https://*.googleusercontent.com']);
  for (const key of [
    'VITE_GENAI_BASE_URL',
    'VITE_ORDER_WEBHOOK_URL',
    'VITE_STATUS_URL',
    'VITE_NEWSLETTER_URL',
  ]) {
    const origin = originOf(env[key]);
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
    'worker-src': ["'self'", 'blob:'],
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
