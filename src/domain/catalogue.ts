/** Plans and operators sold by the shop (SPEC §3). Visible text is in locales/{lang}/purchase.json. */

export type PlanId = 'tourist-7' | 'power-30' | 'business-30';

/** What every plan includes; each is translated under purchase:features.* */
export type PlanFeature =
  'dataOnly' | 'chooseOperator' | 'qrDelivery' | 'oneTime' | 'activateOnArrival';

const planFeatures: readonly PlanFeature[] = [
  'dataOnly',
  'chooseOperator',
  'qrDelivery',
  'oneTime',
  'activateOnArrival',
];

export type Plan = {
  id: PlanId;
  /** Display name (a product name; the same in both languages). */
  name: string;
  dataGb: number;
  validityDays: number;
  /** Price in Myanmar kyat (MMK): the price of record. */
  price: number;
  /**
   * What a card buyer pays on a USD merchant account (issue #40 point 4), in US cents, set by
   * the owner (not converted at a rate): the card page charges exactly this.
   */
  priceUsdCents: number;
  features: readonly PlanFeature[];
  isPopular?: boolean;
  isAvailable: boolean;
  /** The plan recommended for tourists. */
  recommendedForTourists?: boolean;
};

export const currency = 'MMK';

export const plans: readonly Plan[] = [
  {
    id: 'tourist-7',
    name: 'Tourist Pack',
    dataGb: 5,
    validityDays: 7,
    price: 35_000,
    priceUsdCents: 900,
    features: planFeatures,
    isAvailable: false,
  },
  {
    id: 'power-30',
    name: 'Power User',
    dataGb: 15,
    validityDays: 30,
    price: 80_000,
    priceUsdCents: 1_900,
    features: planFeatures,
    isPopular: true,
    isAvailable: true,
    recommendedForTourists: true,
  },
  {
    id: 'business-30',
    name: 'Business Pro',
    dataGb: 30,
    validityDays: 30,
    price: 120_000,
    priceUsdCents: 2_900,
    features: planFeatures,
    isAvailable: false,
  },
];

export type OperatorId = 'mpt' | 'atom' | 'ooredoo' | 'mytel';

export type Operator = {
  id: OperatorId;
  name: string;
  /** GSMA identifiers: Mobile Country Code and Mobile Network Code. */
  mcc: string;
  mnc: string;
  networks: readonly string[];
  /** The default suggested to tourists (widest coverage); its guidance is purchase:operators.guide.* */
  recommendedForTourists?: boolean;
};

export const operators: readonly Operator[] = [
  {
    id: 'mpt',
    name: 'MPT',
    mcc: '414',
    mnc: '01',
    networks: ['4G', '3G'],
    recommendedForTourists: true,
  },
  { id: 'atom', name: 'ATOM', mcc: '414', mnc: '06', networks: ['4G', '3G'] },
  { id: 'ooredoo', name: 'Ooredoo', mcc: '414', mnc: '05', networks: ['4G', '3G'] },
  { id: 'mytel', name: 'Mytel', mcc: '414', mnc: '09', networks: ['4G', '3G'] },
];

export const findPlan = (id: string) => plans.find((plan) => plan.id === id);
export const findOperator = (id: string) => operators.find((operator) => operator.id === id);

/** The plan recommended for tourists (SPEC §3), shown first in structured data. */
export const recommendedPlan = plans.find((plan) => plan.recommendedForTourists) ?? plans[0]!;
