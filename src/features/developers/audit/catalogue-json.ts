import { operators, plans } from '../../../config/catalogue';
import { deviceTable, type Brand } from '../../../config/devices/device-table';

/** `dataOnly` -> `data_only`, the catalogue's key style. */
const snake = (value: string) => value.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** How the catalogue marks a phone whose eSIM depends on the market it was made for. */
export const regionalSuffix = ' (selected regions)';

/**
 * Phones with eSIM by brand, generated from the device table that answers on /compatibility, in
 * its order (newest first). Regional versions differ, so a phone with the `regional-variant` note
 * is marked, and buyers still check their model.
 */
export function supportedDevices(): Record<Brand, string[]> {
  const byBrand: Record<Brand, string[]> = { apple: [], samsung: [], google: [], other: [] };
  for (const entry of deviceTable) {
    if (entry.esim !== 'yes') continue;
    const regional = entry.note === 'regional-variant';
    byBrand[entry.brand].push(regional ? `${entry.name}${regionalSuffix}` : entry.name);
  }
  return byBrand;
}

/**
 * The carrier and plan catalogue (SPEC §3 "Documented catalogue"), built from config/catalogue
 * and config/devices.
 */
export function buildCatalogue() {
  const carrierIds = operators.map((operator) => operator.id);
  return {
    carriers: operators.map((operator) => ({
      id: operator.id,
      name: operator.name,
      gsma_identifiers: { mcc: operator.mcc, mnc: operator.mnc },
      networks: [...operator.networks],
    })),
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      type: 'data_only',
      data_gb: plan.dataGb,
      validity_days: plan.validityDays,
      price_mmk: plan.price,
      is_active: plan.isAvailable,
      supported_carriers: carrierIds,
      features: plan.features.map(snake),
    })),
    supported_devices: supportedDevices(),
  };
}

export const catalogueJson = () => JSON.stringify(buildCatalogue(), null, 2);
