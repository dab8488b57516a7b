import { buildMmqrPayload } from '#domain/mmqr/payload';
import type { EnvCheck } from './env-schema';

// vite.config.ts loads this file; lib/mmqr imports with .ts extensions so that it loads natively.

/**
 * The merchant settings must make a valid MMQR payload (name ≤ 25 characters, Burmese city ≤ 15,
 * the whole payload ≤ 512 …): a mistake stops the build instead of the buyer's payment step.
 */
export const merchantProblems: EnvCheck = (raw) => {
  const nameMy = raw.VITE_MMQR_MERCHANT_NAME_MY?.trim() ?? '';
  const cityMy = raw.VITE_MMQR_MERCHANT_CITY_MY?.trim() ?? '';
  if (Boolean(nameMy) !== Boolean(cityMy)) {
    return [
      'VITE_MMQR_MERCHANT_NAME_MY, VITE_MMQR_MERCHANT_CITY_MY: set both or neither (the Burmese template of the payment QR needs the name and the city)',
    ];
  }
  try {
    buildMmqrPayload({
      merchantId: raw.VITE_MMQR_MERCHANT_ID,
      terminalId: raw.VITE_MMQR_TERMINAL_ID,
      merchantName: raw.VITE_MMQR_MERCHANT_NAME,
      // Longer than any price and any order number, so that every real order fits too.
      amount: 9_999_999.99,
      billNumber: '#NXR-20261122-235959',
      ...(nameMy ? { language: { merchantNameMy: nameMy, merchantCityMy: cityMy } } : {}),
    });
    return [];
  } catch (error) {
    return [`VITE_MMQR_*: ${error instanceof Error ? error.message : String(error)}`];
  }
};
