import { useTranslation } from 'react-i18next';
import { plans } from '#domain/catalogue';
import { BuyerFacts } from './buyer-facts';
import { PlanCard } from './plan-card';
import { StepHeading } from './step-heading';
import './plan-step.css';

type PlanStepProps = { focusOnMount: boolean; onChoose: (planId: string) => void };

/** Step 1: the plans; an unavailable plan cannot be chosen. */
export function PlanStep({ focusOnMount, onChoose }: PlanStepProps) {
  const { t } = useTranslation('purchase');
  return (
    <section className="purchase-step" aria-labelledby="purchase-plan-heading">
      <StepHeading id="purchase-plan-heading" focusOnMount={focusOnMount}>
        {t('plans.heading')}
      </StepHeading>
      <p className="muted">{t('plans.text')}</p>
      <BuyerFacts />
      <ul className="purchase-plans">
        {plans.map((plan) => (
          <li
            key={plan.id}
            className={plan.isPopular ? 'purchase-plans__item--popular' : undefined}
          >
            <PlanCard plan={plan} onChoose={onChoose} />
          </li>
        ))}
      </ul>
    </section>
  );
}
