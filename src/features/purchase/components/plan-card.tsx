import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../config/catalogue';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import './plan-card.css';

type PlanCardProps = { plan: Plan; onChoose: (planId: string) => void };

/** One plan: badges, data and validity, price, what it includes, and its buy button. */
export function PlanCard({ plan, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const nameId = useId();
  const classes = [
    'purchase-plan',
    plan.isPopular ? 'purchase-plan--popular' : '',
    plan.isAvailable ? '' : 'purchase-plan--unavailable',
  ].join(' ');
  return (
    <article className={classes} aria-labelledby={nameId}>
      <div className="purchase-plan__badges">
        {plan.isPopular && (
          <span className="purchase-badge purchase-badge--popular">{t('plans.popular')}</span>
        )}
        {!plan.isAvailable && (
          <span className="purchase-badge purchase-badge--soon">{t('plans.comingSoon')}</span>
        )}
      </div>
      <h3 id={nameId} className="purchase-plan__name">
        {plan.name}
      </h3>
      {plan.recommendedForTourists && (
        <p className="purchase-plan__recommended">{t('plans.recommended')}</p>
      )}
      <p className="purchase-plan__summary">
        {t('plans.summary', {
          data: t('plans.data', { amount: formatNumber(plan.dataGb, language) }),
          validity: t('plans.validity', {
            count: plan.validityDays,
            days: formatNumber(plan.validityDays, language),
          }),
        })}
      </p>
      <p className="purchase-plan__price">
        {t('price', { amount: formatNumber(plan.price, language) })}
      </p>
      <ul
        className="purchase-plan__features"
        aria-label={t('plans.featuresLabel', { plan: plan.name })}
      >
        {plan.features.map((feature) => (
          <li key={feature}>{t(`features.${feature}`)}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary purchase-plan__buy"
        disabled={!plan.isAvailable}
        aria-describedby={plan.isAvailable ? undefined : nameId}
        onClick={() => onChoose(plan.id)}
      >
        {plan.isAvailable ? t('plans.buy', { plan: plan.name }) : t('plans.comingSoon')}
      </button>
    </article>
  );
}
