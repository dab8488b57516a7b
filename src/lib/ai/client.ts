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
const loadDemoFetch = retryableImport(() => import('./demo/browser-demo-fetch'));
let transport: Promise<AiTransport> | undefined;
let client: Promise<AiClient> | undefined;

/**
 * What a REST call to the Gemini API needs (lib/ai/rest.ts): one-shot answers and Veo's
 * operations go this way, without the SDK (decision 064).
 */
export type AiTransport = {
  settings: AiSettings;
  /** fetch for the REST calls (the demo's scripted service in demo mode). */
  fetch: typeof fetch;
  /** `origin/version` of the REST API, e.g. https://generativelanguage.googleapis.com/v1beta */
  apiRoot: string;
  /** Headers that authenticate a REST call (the key travels only in a header). */
  authHeaders: Record<string, string>;
};

/** The transport and the SDK's client, for the chat's stream. */
export type AiClient = AiTransport & { genai: GoogleGenAI };

export const aiMode = (): AiMode => settings.mode;

/** Replaces settings (tests) and drops the cached client. */
export function configureAi(overrides: Partial<AiSettings>) {
  settings = { ...settings, ...overrides };
  transport = undefined;
  client = undefined;
}

export function resetAiSettings() {
  settings = defaults;
  transport = undefined;
  client = undefined;
}

async function createTransport(current: AiSettings): Promise<AiTransport> {
  const demoFetch =
    current.mode === 'demo'
      ? (await loadDemoFetch()).createDemoFetch(current.demoLatencyMs)
      : undefined;
  const origin = (current.baseUrl ?? GEMINI_API_ORIGIN).replace(/\/+$/, '');
  // Behind a proxy the server adds the real key; the SDK still wants one in the browser.
  const apiKey = current.apiKey || (current.mode === 'demo' ? 'demo-key' : 'proxy-supplied');
  return {
    settings: current,
    fetch: demoFetch ?? ((input, init) => fetch(input, init)),
    apiRoot: `${origin}/${GEMINI_API_VERSION}`,
    authHeaders: { 'x-goog-api-key': apiKey },
  };
}

/** The REST transport, created on first use (no SDK: a few hundred bytes, and the demo's). */
export function getAiTransport(): Promise<AiTransport> {
  transport ??= createTransport(settings).catch((error: unknown) => {
    transport = undefined;
    throw error;
  });
  return transport;
}

async function createClient(): Promise<AiClient> {
  const [{ GoogleGenAI }, rest] = await Promise.all([loadSdk(), getAiTransport()]);
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
export function getAiClient(): Promise<AiClient> {
  client ??= createClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
