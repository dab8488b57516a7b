import { useTranslation } from 'react-i18next';
import type { Plan } from '#domain/catalogue';
import { href } from '#domain/paths';
import { site } from '../../../config/site';
import { jsonForScript, productJsonLd } from '../lib/structured-data';
import { usePlanName } from '../../../hooks/use-plan-name';

type PlanStructuredDataProps = { plan: Plan };

/**
 * A JSON-LD Product with an Offer in MMK for the selected plan, rendered where it stands (a JSON-LD
 * block is valid in <body>; no head manager, decision 034).
 */
export function PlanStructuredData({ plan }: PlanStructuredDataProps) {
  const { t } = useTranslation('purchase');
  const values = { plan: usePlanName()(plan.id), data: plan.dataGb, days: plan.validityDays };
  const data = productJsonLd(plan, {
    name: t('structuredData.name', values),
    description: t('structuredData.description', values),
    category: t('structuredData.category'),
    brand: site.brandName,
    // At build time (the pre-rendered page, decision 061) there is no window: the script is
    // dropped from that markup, and the page in the browser writes its own.
    url:
      typeof window === 'undefined'
        ? href('buy')
        : `${window.location.origin}${window.location.pathname}${href('buy')}`,
  });
  return <script type="application/ld+json">{jsonForScript(data)}</script>;
}
