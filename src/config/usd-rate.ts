/**
 * The exchange rate used to show visitors an approximate price in US dollars next to the kyat
 * price. The buyer always pays the kyat amount; this is only a guide. Set to null to show no
 * dollar price. Update the rate and its date together (the date is shown beside the price).
 */
export type UsdRate = {
  /** Kyat for one US dollar. */
  mmkPerUsd: number;
  /** The day the rate was taken, YYYY-MM-DD. */
  asOf: string;
};

export const usdRate: UsdRate | null = { mmkPerUsd: 4200, asOf: '2026-11-20' };

/** A kyat price in whole US dollars at the given rate (≈, rounded to the nearest dollar). */
export function approximateUsd(mmk: number, rate: UsdRate): number {
  return Math.round(mmk / rate.mmkPerUsd);
}
