import { plans } from '#domain/catalogue';

/** The plan used in examples: the one on sale (Power User). */
export const examplePlan = () => plans.find((plan) => plan.isAvailable) ?? plans[0]!;
