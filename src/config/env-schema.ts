import * as z from 'zod/mini';

/**
 * The build-time configuration, validated once. Every value here is public: Vite inlines
 * `VITE_*` variables into the JavaScript that every visitor downloads.
 */
const optionalUrl = () =>
  z.optional(
    z.pipe(
      z.string(),
      z.transform((v) => v.trim() || undefined),
    ),
  );
const text = (fallback: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((v) => (v && v.trim() ? v.trim() : fallback)),
  );

/** Built on demand, so that a production bundle (validated at build time) can drop zod. */
export const envSchema = () =>
  z
    .object({
      VITE_GEMINI_API_KEY: z.optional(z.string()),
      VITE_AI_MODE: z._default(z.enum(['auto', 'gemini', 'demo']), 'auto'),
      VITE_GENAI_BASE_URL: optionalUrl(),
      /** Server mode: the shop's own API (server/); the AI key then stays on the server. */
      VITE_API_URL: optionalUrl(),
      VITE_MODEL_TEXT: text('gemini-2.5-flash'),
      VITE_MODEL_RECEIPT: z.optional(z.string()),
      VITE_MODEL_CHAT: z.optional(z.string()),
      VITE_MODEL_COMPATIBILITY: z.optional(z.string()),
      VITE_MODEL_SUPPORT: z.optional(z.string()),
      VITE_MODEL_IMAGE: text('gemini-2.5-flash-image'),
      VITE_MODEL_VIDEO: text('veo-3.0-fast-generate-001'),
      VITE_BRAND_NAME: text('eSIM Myanmar'),
      VITE_CONTACT_EMAIL: text('support@esim-myanmar.example'),
      VITE_CONTACT_PHONE: text('+95 9 000 000 000'),
      VITE_VIBER_NUMBER: text('+959000000000'),
      VITE_SOCIAL_FACEBOOK: optionalUrl(),
      VITE_SOCIAL_VIBER: optionalUrl(),
      VITE_SOCIAL_TELEGRAM: optionalUrl(),
      VITE_SOCIAL_YOUTUBE: optionalUrl(),
      VITE_SOCIAL_TIKTOK: optionalUrl(),
      VITE_SOCIAL_INSTAGRAM: optionalUrl(),
      VITE_SOCIAL_TWITTER: optionalUrl(),
      VITE_SOCIAL_MESSENGER: optionalUrl(),
      VITE_DOWNLOAD_APP_URL: optionalUrl(),
      VITE_MMQR_MERCHANT_ID: text(PLACEHOLDER_MERCHANT_ID),
      VITE_MMQR_TERMINAL_ID: text('00000001'),
      VITE_MMQR_MERCHANT_NAME: text('ESIM MYANMAR'),
      VITE_MMQR_MERCHANT_NAME_MY: z.optional(z.string()),
      VITE_MMQR_MERCHANT_CITY_MY: z.optional(z.string()),
      VITE_ORDER_WEBHOOK_URL: optionalUrl(),
      VITE_STATUS_URL: optionalUrl(),
      VITE_NEWSLETTER_URL: optionalUrl(),
    })
    .check(
      z.refine(
        (v) =>
          v.VITE_AI_MODE !== 'gemini' ||
          !!v.VITE_GEMINI_API_KEY ||
          !!v.VITE_GENAI_BASE_URL ||
          !!v.VITE_API_URL,
        {
          message: 'VITE_AI_MODE=gemini needs VITE_GEMINI_API_KEY or VITE_GENAI_BASE_URL',
          path: ['VITE_AI_MODE'],
        },
      ),
      z.refine((v) => !(v.VITE_API_URL && v.VITE_GEMINI_API_KEY), {
        message:
          'VITE_GEMINI_API_KEY must not be set with VITE_API_URL: in server mode the key stays on the server (GEMINI_API_KEY)',
        path: ['VITE_GEMINI_API_KEY'],
      }),
    );

/** The placeholder merchant id of .env.example: no real account behind it. */
export const PLACEHOLDER_MERCHANT_ID = '0000000000000000';

/** The settings that only a shop taking real orders has (in its raw or parsed form). */
export function productionSettings(raw: {
  VITE_ORDER_WEBHOOK_URL?: string | undefined;
  VITE_MMQR_MERCHANT_ID?: string | undefined;
}): string[] {
  const settings: string[] = [];
  if (raw.VITE_ORDER_WEBHOOK_URL?.trim()) settings.push('VITE_ORDER_WEBHOOK_URL');
  const merchant = raw.VITE_MMQR_MERCHANT_ID?.trim();
  if (merchant && merchant !== PLACEHOLDER_MERCHANT_ID) settings.push('VITE_MMQR_MERCHANT_ID');
  return settings;
}

/**
 * Demo mode accepts every receipt: a build that takes real orders (a webhook, a real merchant
 * account) may run it only when VITE_AI_MODE=demo asks for it, never because a key was forgotten.
 */
export const implicitDemoProblems: EnvCheck = (raw) => {
  const settings = productionSettings(raw);
  if (raw.VITE_AI_MODE === 'demo' || resolveAiMode(raw) !== 'demo' || settings.length === 0) {
    return [];
  }
  return [
    `VITE_AI_MODE: ${settings.join(' and ')} ${settings.length > 1 ? 'are' : 'is'} set but none of VITE_API_URL, VITE_GEMINI_API_KEY or VITE_GENAI_BASE_URL: this build would run in demo mode, accept every receipt and send demo orders to the shop. Set the API (server mode), a key or a proxy, or set VITE_AI_MODE=demo to build a demo on purpose`,
  ];
};

export type RawEnv = z.output<ReturnType<typeof envSchema>>;

const urlKeys = [
  'VITE_GENAI_BASE_URL',
  'VITE_API_URL',
  'VITE_SOCIAL_FACEBOOK',
  'VITE_SOCIAL_VIBER',
  'VITE_SOCIAL_TELEGRAM',
  'VITE_SOCIAL_YOUTUBE',
  'VITE_SOCIAL_TIKTOK',
  'VITE_SOCIAL_INSTAGRAM',
  'VITE_SOCIAL_TWITTER',
  'VITE_SOCIAL_MESSENGER',
  'VITE_DOWNLOAD_APP_URL',
  'VITE_ORDER_WEBHOOK_URL',
  'VITE_STATUS_URL',
  'VITE_NEWSLETTER_URL',
] as const;

const isUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'viber:';
  } catch {
    return false;
  }
};

/** A check of the parsed values that needs more than the schema; returns its problems. */
export type EnvCheck = (raw: RawEnv) => string[];

/**
 * Parses raw variables; throws one Error listing every problem, each on its own line. `checks`
 * run on values the schema accepted (vite.config.ts adds the payment QR check, which the
 * visitor's bundle does not need).
 */
export function parseEnv(source: Record<string, unknown>, checks: EnvCheck[] = []): RawEnv {
  const result = envSchema().safeParse(source);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
  } else {
    for (const key of urlKeys) {
      const value = result.data[key];
      if (value !== undefined && !isUrl(value)) problems.push(`${key}: not a URL (${value})`);
    }
    problems.push(...implicitDemoProblems(result.data));
    for (const check of checks) problems.push(...check(result.data));
  }
  if (problems.length > 0 || !result.success) {
    throw new Error(`Invalid configuration (see .env.example):\n- ${problems.join('\n- ')}`);
  }
  return result.data;
}

export type AiMode = 'gemini' | 'demo';

/**
 * Demo mode runs when asked for, or when nothing can reach the AI service (no key, no proxy).
 * A build with a key never falls into demo mode unless VITE_AI_MODE=demo says so.
 */
export function resolveAiMode(
  raw: Pick<RawEnv, 'VITE_AI_MODE' | 'VITE_GEMINI_API_KEY' | 'VITE_GENAI_BASE_URL'> &
    Partial<Pick<RawEnv, 'VITE_API_URL'>>,
): AiMode {
  if (raw.VITE_AI_MODE === 'demo') return 'demo';
  if (raw.VITE_AI_MODE === 'gemini') return 'gemini';
  // In server mode the server decides (its own key, or its demo answers).
  return raw.VITE_GEMINI_API_KEY || raw.VITE_GENAI_BASE_URL || raw.VITE_API_URL ? 'gemini' : 'demo';
}

/**
 * What the visitor's bundle gets: the validated values, without the key where it is not used
 * (demo mode makes its answers in the page; behind a proxy the server adds the key).
 */
export function bundledEnv(raw: RawEnv): RawEnv {
  if (resolveAiMode(raw) === 'gemini' && !raw.VITE_GENAI_BASE_URL) return raw;
  const { VITE_GEMINI_API_KEY: _unused, ...rest } = raw;
  return rest;
}
