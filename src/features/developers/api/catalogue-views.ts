import { plans, type Plan } from '../../../config/catalogue';

/** A Plan as GET /plans returns it (SPEC §3), made from the shop's catalogue. */
export function apiPlan(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    data: `${plan.dataGb} GB`,
    validity: `${plan.validityDays} days`,
    price: plan.price,
    priceFormatted: `${plan.price.toLocaleString('en-US')} MMK`,
    features: [...plan.features],
    ...(plan.isPopular ? { isPopular: true } : {}),
    isAvailable: plan.isAvailable,
  };
}

export const apiPlans = () => plans.map(apiPlan);

/** The plan used in examples: the one on sale (Power User). */
export const examplePlan = () => plans.find((plan) => plan.isAvailable) ?? plans[0]!;
