import { operators, plans } from '../../../config/catalogue';

/** `dataOnly` -> `data_only`, the catalogue's key style. */
const snake = (value: string) => value.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Devices known to support eSIM, by brand, for the audit catalogue. Regional versions differ
 * (SPEC §1: phones from 2018 onward mostly support eSIM), so buyers still check their model.
 */
export const supportedDevices = {
  apple: [
    'iPhone XS',
    'iPhone XS Max',
    'iPhone XR',
    'iPhone SE (2nd generation) and later',
    'iPhone 11 and later',
  ],
  samsung: [
    'Galaxy S20 and later',
    'Galaxy Note20',
    'Galaxy Z Fold and Z Flip series',
    'Galaxy A54 and later (selected regions)',
  ],
  google: ['Pixel 3 and later, including the a-series'],
  other: [
    'Motorola razr series',
    'OPPO Find X3 Pro and later Find X models',
    'Sony Xperia 1 IV and later',
    'Xiaomi 13 series (selected regions)',
  ],
} as const;

/** The carrier and plan catalogue (SPEC §3 "Documented catalogue"), built from config/catalogue. */
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
    supported_devices: supportedDevices,
  };
}

export const catalogueJson = () => JSON.stringify(buildCatalogue(), null, 2);
