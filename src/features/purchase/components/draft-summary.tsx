import { useTranslation } from 'react-i18next';
import { findOperator, findPlan, type OperatorId, type PlanId } from '#domain/catalogue';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { usePlanName } from '../../../hooks/use-plan-name';
import './draft-summary.css';

type DraftSummaryProps = { planId: PlanId; operatorId?: OperatorId | null };

/** A one-line reminder of the choices so far, above steps 2 and 3. */
export function DraftSummary({ planId, operatorId }: DraftSummaryProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const plan = findPlan(planId);
  const planName = usePlanName();
  const operator = operatorId ? findOperator(operatorId) : undefined;
  if (!plan) return null;
  return (
    <dl className="purchase-draft">
      <div>
        <dt>{t('summary.plan')}</dt>
        <dd>
          {planName(plan.id)} ·{' '}
          {t('plans.summary', {
            data: t('plans.data', { amount: formatNumber(plan.dataGb, language) }),
            validity: t('plans.validity', {
              count: plan.validityDays,
              days: formatNumber(plan.validityDays, language),
            }),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('summary.price')}</dt>
        <dd>{t('price', { amount: formatNumber(plan.price, language) })}</dd>
      </div>
      {operator && (
        <div>
          <dt>{t('summary.operator')}</dt>
          <dd>{operator.name}</dd>
        </div>
      )}
    </dl>
  );
}
