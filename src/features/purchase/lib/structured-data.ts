import { currency, type Plan } from '#domain/catalogue';

export type ProductTexts = {
  name: string;
  description: string;
  category: string;
  brand: string;
  /** The address of the buy page. */
  url: string;
};

/** schema.org Product with an Offer in MMK for one plan (SPEC §2 "structured data"). */
export function productJsonLd(plan: Plan, texts: ProductTexts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: plan.id,
    name: texts.name,
    description: texts.description,
    category: texts.category,
    brand: { '@type': 'Brand', name: texts.brand },
    offers: {
      '@type': 'Offer',
      price: plan.price.toFixed(2),
      priceCurrency: currency,
      availability: plan.isAvailable
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      url: texts.url,
      seller: { '@type': 'Organization', name: texts.brand },
    },
  };
}

/** JSON safe to place inside a <script> element. */
export const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
