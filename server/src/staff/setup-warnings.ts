import type { z } from '@hono/zod-openapi';
import type { Config } from '../config';
import type { SetupWarningsSchema } from './schemas';

/**
 * What a newcomer has not set up yet (issue #24): the server says so in its log at start and on
 * the staff page. Today one thing: the MMQR merchant settings are still the example values of
 * `.env.example`, so a buyer's payment would go to no real account.
 */
export type SetupWarning = z.infer<typeof SetupWarningsSchema>['warnings'][number];

/** The example values of `.env.example` (and the defaults): no account stands behind them. */
const PLACEHOLDER_MERCHANT_ID = /^0+$/;
const PLACEHOLDER_TERMINAL_IDS = new Set(['00000001']);

export function setupWarnings(
  config: Pick<Config, 'merchant' | 'contactHashSecret'> & { ai: Pick<Config['ai'], 'mode'> },
): SetupWarning[] {
  const { merchantId, terminalId } = config.merchant;
  const settings: string[] = [];
  if (PLACEHOLDER_MERCHANT_ID.test(merchantId.trim())) settings.push('VITE_MMQR_MERCHANT_ID');
  if (settings.length > 0 && PLACEHOLDER_TERMINAL_IDS.has(terminalId.trim())) {
    settings.push('VITE_MMQR_TERMINAL_ID');
  }
  const warnings: SetupWarning[] =
    settings.length > 0 ? [{ code: 'merchant_placeholder', settings }] : [];
  if (config.ai.mode !== 'demo' && !config.contactHashSecret) {
    warnings.push({ code: 'contact_hash_secret', settings: ['CONTACT_HASH_SECRET'] });
  }
  return warnings;
}

/** The start-up log line of each warning (never a value, only the settings' names). */
export const setupWarningMessage = (warning: SetupWarning) =>
  warning.code === 'contact_hash_secret'
    ? 'CONTACT_HASH_SECRET is not set: the key of the buyers’ contact hashes is kept in the database, so a stolen backup lets anyone test email lists against them. Copy the value of server_secrets (name contact_hash) into CONTACT_HASH_SECRET, keep it outside the database and its backups, then delete that row (see README, decision 127).'
    : `${warning.settings.join(', ')} still hold the example values: buyers would pay no real merchant account. Set the acquiring bank's merchant and terminal ids (see .env.example).`;
