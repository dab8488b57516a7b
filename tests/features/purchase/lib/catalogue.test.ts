import { describe, expect, it } from 'vitest';
import { operators, plans, recommendedPlan } from '#domain/catalogue';

describe('the catalogue (SPEC §3)', () => {
  it('has the three plans with their data, validity, price and state', () => {
    expect(
      plans.map(({ id, name, dataGb, validityDays, price, isPopular, isAvailable }) => ({
        id,
        name,
        dataGb,
        validityDays,
        price,
        isPopular: !!isPopular,
        isAvailable,
      })),
    ).toEqual([
      {
        id: 'tourist-7',
        name: 'Tourist Pack',
        dataGb: 5,
        validityDays: 7,
        price: 35_000,
        isPopular: false,
        isAvailable: false,
      },
      {
        id: 'power-30',
        name: 'Power User',
        dataGb: 15,
        validityDays: 30,
        price: 80_000,
        isPopular: true,
        isAvailable: true,
      },
      {
        id: 'business-30',
        name: 'Business Pro',
        dataGb: 30,
        validityDays: 30,
        price: 120_000,
        isPopular: false,
        isAvailable: false,
      },
    ]);
  });

  it('recommends Power User to tourists', () => {
    expect(recommendedPlan.id).toBe('power-30');
  });

  it('has the four operators with their GSMA identifiers', () => {
    expect(operators.map(({ name, mcc, mnc }) => `${name} ${mcc}-${mnc}`)).toEqual([
      'MPT 414-01',
      'ATOM 414-06',
      'Ooredoo 414-05',
      'Mytel 414-09',
    ]);
  });
});
