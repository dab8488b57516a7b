import { operators, plans } from './catalogue';

/** `dataOnly` -> `data_only`, the documented catalogue's key style. */
export const snakeCase = (value: string) =>
  value.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The carriers and plans in the documented catalogue shape (SPEC §3 "Documented catalogue"),
 * made from config/catalogue. GET /plans answers with it and the audit's catalogue.json starts
 * with it, so the two cannot differ.
 */
export function catalogueDocument() {
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
      type: 'data_only' as const,
      data_gb: plan.dataGb,
      validity_days: plan.validityDays,
      price_mmk: plan.price,
      is_active: plan.isAvailable,
      supported_carriers: carrierIds,
      features: plan.features.map(snakeCase),
    })),
  };
}

export type CatalogueDocument = ReturnType<typeof catalogueDocument>;
