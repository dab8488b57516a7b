import { parseEnv, resolveAiMode, type RawEnv } from './env-schema';

declare const __VALIDATED_ENV__: RawEnv;

/**
 * The only reader of import.meta.env; everything else imports `env`. A production build was
 * validated by the same zod schema when it was built (vite.config.ts), which inlines the result
 * as __VALIDATED_ENV__, so the schema library stays out of the visitor's download.
 */
const raw: RawEnv = import.meta.env.PROD ? __VALIDATED_ENV__ : parseEnv(import.meta.env);

export type { AiMode } from './env-schema';

/** Server mode: the shop's own API, without a trailing slash (see server/ and decision 030). */
const apiUrl = raw.VITE_API_URL?.replace(/\/+$/, '');

export const env = {
  apiUrl,
  ai: {
    mode: resolveAiMode(raw),
    apiKey: raw.VITE_GEMINI_API_KEY ?? '',
    // In server mode the AI calls go through the server's proxy, which adds the key.
    baseUrl: raw.VITE_GENAI_BASE_URL ?? (apiUrl && `${apiUrl}/ai`),
    models: {
      receipt: raw.VITE_MODEL_RECEIPT || raw.VITE_MODEL_TEXT,
      chat: raw.VITE_MODEL_CHAT || raw.VITE_MODEL_TEXT,
      compatibility: raw.VITE_MODEL_COMPATIBILITY || raw.VITE_MODEL_TEXT,
      support: raw.VITE_MODEL_SUPPORT || raw.VITE_MODEL_TEXT,
      detect: raw.VITE_MODEL_COMPATIBILITY || raw.VITE_MODEL_TEXT,
      image: raw.VITE_MODEL_IMAGE,
      video: raw.VITE_MODEL_VIDEO,
    },
  },
  brandName: raw.VITE_BRAND_NAME,
  contact: {
    email: raw.VITE_CONTACT_EMAIL,
    phone: raw.VITE_CONTACT_PHONE,
    viber: raw.VITE_VIBER_NUMBER,
  },
  social: {
    facebook: raw.VITE_SOCIAL_FACEBOOK,
    viber: raw.VITE_SOCIAL_VIBER,
    telegram: raw.VITE_SOCIAL_TELEGRAM,
    youtube: raw.VITE_SOCIAL_YOUTUBE,
    tiktok: raw.VITE_SOCIAL_TIKTOK,
    instagram: raw.VITE_SOCIAL_INSTAGRAM,
    twitter: raw.VITE_SOCIAL_TWITTER,
    messenger: raw.VITE_SOCIAL_MESSENGER,
  },
  downloadAppUrl: raw.VITE_DOWNLOAD_APP_URL,
  mmqr: {
    merchantId: raw.VITE_MMQR_MERCHANT_ID,
    terminalId: raw.VITE_MMQR_TERMINAL_ID,
    merchantName: raw.VITE_MMQR_MERCHANT_NAME,
    merchantNameMy: raw.VITE_MMQR_MERCHANT_NAME_MY,
    merchantCityMy: raw.VITE_MMQR_MERCHANT_CITY_MY,
  },
  orderWebhookUrl: raw.VITE_ORDER_WEBHOOK_URL,
  statusUrl: raw.VITE_STATUS_URL ?? (apiUrl && `${apiUrl}/status`),
  newsletterUrl: raw.VITE_NEWSLETTER_URL,
  /** The dev server or the unit tests, not a production build: missing translations are reported. */
  reportsMissingTranslations: import.meta.env.DEV || import.meta.env.MODE === 'test',
  /**
   * A production build: it registers the service worker (issue #42), found next to index.html
   * (`base`: './').
   */
  serviceWorker: import.meta.env.PROD ? `${import.meta.env.BASE_URL}service-worker.js` : null,
  /** The scope the service worker controls: the folder of index.html. */
  baseUrl: import.meta.env.BASE_URL,
} as const;

export type Env = typeof env;
