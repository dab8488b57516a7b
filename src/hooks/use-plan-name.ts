import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { findPlan } from '#domain/catalogue';

/**
 * A plan's name as the shop shows it to a visitor, in the page's language (decision 133):
 * purchase:plans.names.<id> ("Power User", "ဒေတာ အသုံးများသူ"). The catalogue's `name` stays the
 * English product name of the API and the staff screens. An id that is no plan is shown as it is.
 */
export function usePlanName(): (planId: string) => string {
  const { t } = useTranslation('purchase');
  return useCallback(
    (planId: string) => {
      const plan = findPlan(planId);
      return plan ? t(`plans.names.${plan.id}`) : planId;
    },
    [t],
  );
}
