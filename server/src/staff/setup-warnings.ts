import type { Config } from '../config';

/**
 * What a newcomer has not set up yet (issue #24): the server says so in its log at start and on
 * the staff page. Today one thing: the MMQR merchant settings are still the example values of
 * `.env.example`, so a buyer's payment would go to no real account.
 */
export type SetupWarning = {
  code: 'merchant_placeholder';
  /** The settings that still hold an example value. */
  settings: string[];
};

/** The example values of `.env.example` (and the defaults): no account stands behind them. */
const PLACEHOLDER_MERCHANT_ID = /^0+$/;
const PLACEHOLDER_TERMINAL_IDS = new Set(['00000001']);

export function setupWarnings(config: Pick<Config, 'merchant'>): SetupWarning[] {
  const { merchantId, terminalId } = config.merchant;
  const settings: string[] = [];
  if (PLACEHOLDER_MERCHANT_ID.test(merchantId.trim())) settings.push('VITE_MMQR_MERCHANT_ID');
  if (settings.length > 0 && PLACEHOLDER_TERMINAL_IDS.has(terminalId.trim())) {
    settings.push('VITE_MMQR_TERMINAL_ID');
  }
  return settings.length > 0 ? [{ code: 'merchant_placeholder', settings }] : [];
}

/** The start-up log line of each warning (never a value, only the settings' names). */
export const setupWarningMessage = (warning: SetupWarning) =>
  `${warning.settings.join(', ')} still hold the example values: buyers would pay no real merchant account. Set the acquiring bank's merchant and terminal ids (see .env.example).`;
