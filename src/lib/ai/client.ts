import type { GoogleGenAI } from '@google/genai';
import { env, type AiMode } from '../../config/env';
import { retryableImport } from '../retry-import';

export const GEMINI_API_ORIGIN = 'https://generativelanguage.googleapis.com';
export const GEMINI_API_VERSION = 'v1beta';

export type AiSettings = {
  mode: AiMode;
  apiKey: string;
  baseUrl: string | undefined;
  models: typeof env.ai.models;
  /** Retries on 429 and 503: attempts in all, and the first delay in seconds (doubling). */
  retry: { attempts: number; initialDelaySeconds: number };
  /** Artificial latency of demo answers, in ms, so that progress is visible. */
  demoLatencyMs: number;
};

const defaults: AiSettings = {
  mode: env.ai.mode,
  apiKey: env.ai.apiKey,
  baseUrl: env.ai.baseUrl,
  models: env.ai.models,
  retry: { attempts: 3, initialDelaySeconds: 1 },
  demoLatencyMs: 700,
};

let settings: AiSettings = defaults;
const loadSdk = retryableImport(() => import('@google/genai'));
const loadDemoFetch = retryableImport(() => import('./demo/demo-fetch'));
let client: Promise<AiClient> | undefined;

export type AiClient = {
  genai: GoogleGenAI;
  settings: AiSettings;
  /** fetch for REST calls the SDK cannot make (Veo operations, video download). */
  fetch: typeof fetch;
  /** `origin/version` of the REST API, e.g. https://generativelanguage.googleapis.com/v1beta */
  apiRoot: string;
  /** Headers that authenticate a REST call (the key travels only in a header). */
  authHeaders: Record<string, string>;
};

export const aiMode = (): AiMode => settings.mode;

/** Replaces settings (tests) and drops the cached client. */
export function configureAi(overrides: Partial<AiSettings>) {
  settings = { ...settings, ...overrides };
  client = undefined;
}

export function resetAiSettings() {
  settings = defaults;
  client = undefined;
}

async function createClient(current: AiSettings): Promise<AiClient> {
  const [{ GoogleGenAI }, demoFetch] = await Promise.all([
    loadSdk(),
    current.mode === 'demo'
      ? loadDemoFetch().then((m) => m.createDemoFetch(current.demoLatencyMs))
      : Promise.resolve(undefined),
  ]);
  const fetchImpl: typeof fetch = demoFetch ?? ((input, init) => fetch(input, init));
  const origin = (current.baseUrl ?? GEMINI_API_ORIGIN).replace(/\/+$/, '');
  // Behind a proxy the server adds the real key; the SDK still wants one in the browser.
  const apiKey = current.apiKey || (current.mode === 'demo' ? 'demo-key' : 'proxy-supplied');
  const genai = new GoogleGenAI({
    apiKey,
    apiVersion: GEMINI_API_VERSION,
    httpOptions: {
      baseUrl: origin,
      fetch: fetchImpl,
      retryOptions: {
        attempts: current.retry.attempts,
        initialDelay: current.retry.initialDelaySeconds,
        maxDelay: 8,
        expBase: 2,
        jitter: 0.2,
        httpStatusCodes: [429, 503],
      },
    },
  });
  return {
    genai,
    settings: current,
    fetch: fetchImpl,
    apiRoot: `${origin}/${GEMINI_API_VERSION}`,
    authHeaders: { 'x-goog-api-key': apiKey },
  };
}

/** The SDK client, imported on first use so that no page pays for it before it needs AI. */
export function getAiClient(): Promise<AiClient> {
  client ??= createClient(settings).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
