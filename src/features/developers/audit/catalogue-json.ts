import { catalogueDocument } from '#domain/catalogue-document';
import { deviceTable, type Brand } from '../../../config/devices/device-table';

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
 * The carrier and plan catalogue (SPEC §3 "Documented catalogue"): GET /plans's answer
 * (config/catalogue-document) and the phones from config/devices.
 */
export function buildCatalogue() {
  return { ...catalogueDocument(), supported_devices: supportedDevices() };
}

export const catalogueJson = () => JSON.stringify(buildCatalogue(), null, 2);
