import { describe, expect, it } from 'vitest';
import { findPlan } from '#domain/catalogue';
import {
  jsonForScript,
  productJsonLd,
} from '../../../../src/features/purchase/lib/structured-data';

const texts = {
  name: 'Power User eSIM',
  description: 'Data-only eSIM',
  category: 'eSIM data plan',
  brand: 'eSIM Myanmar',
  url: 'https://shop.example/#/buy-esim',
};

describe('productJsonLd', () => {
  it('describes a plan as a Product with an Offer in MMK', () => {
    expect(productJsonLd(findPlan('power-30')!, texts)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      sku: 'power-30',
      name: 'Power User eSIM',
      description: 'Data-only eSIM',
      category: 'eSIM data plan',
      brand: { '@type': 'Brand', name: 'eSIM Myanmar' },
      offers: {
        '@type': 'Offer',
        price: '80000.00',
        priceCurrency: 'MMK',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/#/buy-esim',
        seller: { '@type': 'Organization', name: 'eSIM Myanmar' },
      },
    });
  });

  it('marks a plan that is not available as out of stock', () => {
    expect(productJsonLd(findPlan('business-30')!, texts).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('cannot close the script element it is written into', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
