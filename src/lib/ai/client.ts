import type { GoogleGenAI } from '@google/genai';
import type { env } from '../../config/env';
import { retryableImport } from '../retry-import';
import { withProofOfWork } from './proof-of-work';

export const GEMINI_API_ORIGIN = 'https://generativelanguage.googleapis.com';
export const GEMINI_API_VERSION = 'v1beta';

/**
 * The AI service's settings: the build's (`env.ai`) in the app, which the features get from React
 * (`useServices().ai`, decision 095) and hand to every call of lib/ai. The transport and the SDK
 * client are made once per settings object.
 */
export type AiSettings = typeof env.ai & {
  /** Retries on 429 and 503: attempts in all, and the first delay in seconds (doubling). */
  retry?: { attempts: number; initialDelaySeconds: number };
  /** Artificial latency of demo answers, in ms, so that progress is visible. */
  demoLatencyMs?: number;
};

const loadSdk = retryableImport(() => import('@google/genai'));
const loadDemoFetch = retryableImport(() => import('./demo/browser-demo-fetch'));
const transports = new WeakMap<AiSettings, Promise<AiTransport>>();
const clients = new WeakMap<AiSettings, Promise<AiClient>>();

/**
 * What a REST call to the Gemini API needs (lib/ai/rest.ts): one-shot answers and Veo's
 * operations go this way, without the SDK (decision 064).
 */
export type AiTransport = {
  settings: Required<AiSettings>;
  /** fetch for the REST calls (the demo's scripted service in demo mode). */
  fetch: typeof fetch;
  /** `origin/version` of the REST API, e.g. https://generativelanguage.googleapis.com/v1beta */
  apiRoot: string;
  /** Headers that authenticate a REST call (the key travels only in a header). */
  authHeaders: Record<string, string>;
};

/** The transport and the SDK's client, for the chat's stream. */
export type AiClient = AiTransport & { genai: GoogleGenAI };

/** The settings' promise in `cache`, made by `make` on first use; a failure is forgotten. */
function once<T>(
  cache: WeakMap<AiSettings, Promise<T>>,
  ai: AiSettings,
  make: (ai: AiSettings) => Promise<T>,
) {
  const made =
    cache.get(ai) ??
    make(ai).catch((error: unknown) => {
      cache.delete(ai);
      throw error;
    });
  cache.set(ai, made);
  return made;
}

async function createTransport(ai: AiSettings): Promise<AiTransport> {
  const current = { retry: { attempts: 3, initialDelaySeconds: 1 }, demoLatencyMs: 700, ...ai };
  const demoFetch =
    current.mode === 'demo'
      ? (await loadDemoFetch()).createDemoFetch(current.demoLatencyMs)
      : undefined;
  const origin = (current.baseUrl ?? GEMINI_API_ORIGIN).replace(/\/+$/, '');
  // Behind a proxy the server adds the real key; the SDK still wants one in the browser.
  const apiKey = current.apiKey || (current.mode === 'demo' ? 'demo-key' : 'proxy-supplied');
  const network: typeof fetch = (input, init) => fetch(input, init);
  // Through the shop's AI proxy, an image or a video asks for a proof of work first (decision 121).
  const proxied = !current.apiKey && current.mode !== 'demo';
  return {
    settings: current,
    fetch:
      demoFetch ?? (proxied ? withProofOfWork(network, origin, current.models.image) : network),
    apiRoot: `${origin}/${GEMINI_API_VERSION}`,
    authHeaders: { 'x-goog-api-key': apiKey },
  };
}

/** The REST transport, created on first use (no SDK: a few hundred bytes, and the demo's). */
export const getAiTransport = (ai: AiSettings) => once(transports, ai, createTransport);

async function createClient(ai: AiSettings): Promise<AiClient> {
  const [{ GoogleGenAI }, rest] = await Promise.all([loadSdk(), getAiTransport(ai)]);
  const { settings: current } = rest;
  const genai = new GoogleGenAI({
    apiKey: rest.authHeaders['x-goog-api-key'],
    apiVersion: GEMINI_API_VERSION,
    httpOptions: {
      baseUrl: rest.apiRoot.slice(0, -`/${GEMINI_API_VERSION}`.length),
      fetch: rest.fetch,
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
  return { ...rest, genai };
}

/** The SDK client, imported on first use so that no page pays for it before it needs it. */
export const getAiClient = (ai: AiSettings) => once(clients, ai, createClient);
