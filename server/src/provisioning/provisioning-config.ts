import { findPlan, operators, type OperatorId } from '#domain/catalogue';

/**
 * Where each operator's eSIM profiles come from (issue #27, decision 076), read from the
 * environment with the rest of the configuration: `PROVISIONING_<OP>=stock|es2plus` and, for
 * ES2+, `ES2PLUS_<OP>_*`. Problems are collected, named by their variable, like config.ts does.
 */

export type Es2plusOperator = {
  source: 'es2plus';
  /** The SM-DP+'s ES2+ base URL, without a trailing slash. */
  url: string;
  requesterId: string;
  /** Plan id → the SM-DP+'s profile type. A plan without one is served from stock. */
  profileTypes: Record<string, string>;
  /** Mutual TLS: file paths of the client certificate and key, and of the CA to trust. */
  tls: { cert: string | undefined; key: string | undefined; ca: string | undefined };
  /** The Bearer token the SM-DP+ sends with HandleDownloadProgressInfo; none: refused (401). */
  callbackToken: string | undefined;
  /** ConfirmOrder with releaseFlag false, then ReleaseProfile (operators that need it). */
  releaseProfile: boolean;
};

export type OperatorProvisioning = { source: 'stock' } | Es2plusOperator;

export type ProvisioningConfig = {
  operators: Record<OperatorId, OperatorProvisioning>;
  /** The wait after the first failed attempt; it doubles, at most 5 minutes. */
  retryBaseMs: number;
  /** How long a claimed job is left alone while its calls run. */
  leaseMs: number;
  /** How often the worker looks for due jobs. */
  intervalMs: number;
  /** One ES2+ request's time limit. */
  timeoutMs: number;
  /** An SM-DP+ down this long after the payment: the order falls back to stock. */
  fallbackMs: number;
};

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const text = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

function positiveInt(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  problems: string[],
  min = 1,
) {
  const raw = text(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    problems.push(`${name}: must be a whole number of at least ${min}`);
    return fallback;
  }
  return value;
}

function es2plusOf(
  env: Record<string, string | undefined>,
  op: string,
  problems: string[],
): Es2plusOperator | null {
  const name = (suffix: string) => `ES2PLUS_${op}_${suffix}`;
  const before = problems.length;
  const rawUrl = text(env[name('URL')]);
  let url = '';
  if (!rawUrl) {
    problems.push(`${name('URL')}: required with PROVISIONING_${op}=es2plus (the SM-DP+'s URL)`);
  } else {
    try {
      const parsed = new URL(rawUrl);
      if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
        problems.push(`${name('URL')}: must be https:// (http only for a loopback host)`);
      } else if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
        problems.push(`${name('URL')}: must be an https:// URL`);
      }
      url = rawUrl.replace(/\/+$/, '');
    } catch {
      problems.push(`${name('URL')}: not a URL`);
    }
  }
  const requesterId = text(env[name('REQUESTER_ID')]);
  if (!requesterId) {
    problems.push(`${name('REQUESTER_ID')}: required with PROVISIONING_${op}=es2plus`);
  }
  const profileTypes: Record<string, string> = {};
  for (const item of (env[name('PROFILE_TYPES')] ?? '').split(',')) {
    if (!item.trim()) continue;
    const [plan, type, ...rest] = item.split('=').map((part) => part.trim());
    if (!plan || !type || rest.length > 0) {
      problems.push(`${name('PROFILE_TYPES')}: "${item.trim()}" is not plan-id=profile-type`);
    } else if (!findPlan(plan)) {
      problems.push(`${name('PROFILE_TYPES')}: no plan "${plan}" in the catalogue`);
    } else {
      profileTypes[plan] = type;
    }
  }
  if (
    Object.keys(profileTypes).length === 0 &&
    !problems.slice(before).some((p) => p.includes('PROFILE_TYPES'))
  ) {
    problems.push(
      `${name('PROFILE_TYPES')}: required with PROVISIONING_${op}=es2plus (plan-id=profile-type,…)`,
    );
  }
  const tls = {
    cert: text(env[name('CERT')]),
    key: text(env[name('KEY')]),
    ca: text(env[name('CA')]),
  };
  if (Boolean(tls.cert) !== Boolean(tls.key)) {
    problems.push(`${name('CERT')} and ${name('KEY')}: set both (mutual TLS) or neither`);
  }
  const release = text(env[name('RELEASE_PROFILE')]) ?? 'false';
  if (!['true', 'false', '1', '0'].includes(release)) {
    problems.push(`${name('RELEASE_PROFILE')}: true or false`);
  }
  if (problems.length > before) return null;
  return {
    source: 'es2plus',
    url,
    requesterId: requesterId!,
    profileTypes,
    tls,
    callbackToken: text(env[name('CALLBACK_TOKEN')]),
    releaseProfile: release === 'true' || release === '1',
  };
}

/** Reads the provisioning settings; pushes a line per problem onto `problems`. */
export function readProvisioning(
  env: Record<string, string | undefined>,
  problems: string[],
): ProvisioningConfig {
  const result = {} as Record<OperatorId, OperatorProvisioning>;
  for (const operator of operators) {
    const op = operator.id.toUpperCase();
    const source = text(env[`PROVISIONING_${op}`]) ?? 'stock';
    if (source === 'es2plus') {
      result[operator.id] = es2plusOf(env, op, problems) ?? { source: 'stock' };
    } else {
      if (source !== 'stock') problems.push(`PROVISIONING_${op}: stock or es2plus`);
      result[operator.id] = { source: 'stock' };
    }
  }
  const timeoutMs = positiveInt(env, 'PROVISIONING_TIMEOUT_MS', 20_000, problems, 100);
  const leaseMs = positiveInt(env, 'PROVISIONING_LEASE_MS', 120_000, problems, 100);
  if (leaseMs < timeoutMs * 3) {
    problems.push(
      'PROVISIONING_LEASE_MS: must be at least 3 × PROVISIONING_TIMEOUT_MS (a round makes up to three calls)',
    );
  }
  return {
    operators: result,
    retryBaseMs: positiveInt(env, 'PROVISIONING_RETRY_BASE_MS', 5_000, problems),
    leaseMs,
    intervalMs: positiveInt(env, 'PROVISIONING_INTERVAL_MS', 1_000, problems, 50),
    timeoutMs,
    fallbackMs: positiveInt(env, 'PROVISIONING_FALLBACK_MS', 10 * 60_000, problems),
  };
}

/** The ES2+ settings of an operator, or null when it is served from stock. */
export function es2plusFor(config: ProvisioningConfig, operatorId: string) {
  const found = config.operators[operatorId as OperatorId];
  return found?.source === 'es2plus' ? found : null;
}
