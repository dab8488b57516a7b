import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import type { AiBudgetReport } from '../lib/status-report';

type AiBudgetListProps = { budgets: readonly AiBudgetReport[]; language: string };

/**
 * What is left today of each AI feature's requests for the whole shop (decision 121): a feature
 * whose budget is spent says so, and when it starts again.
 */
export function AiBudgetList({ budgets, language }: AiBudgetListProps) {
  const { t } = useTranslation('status');
  const number = (value: number) => formatNumber(value, language, 0);
  return (
    <section aria-labelledby="status-ai-budgets-heading">
      <h2 id="status-ai-budgets-heading" className="status-services__heading">
        {t('aiBudgets.heading')}
      </h2>
      <p className="muted status-ai-budgets__lead">{t('aiBudgets.lead')}</p>
      <ul className="card status-ai-budgets">
        {budgets.map((budget) => (
          <li
            key={budget.feature}
            className="status-ai-budgets__row"
            data-spent={budget.left === 0 || undefined}
          >
            <span className="status-ai-budgets__name">
              {t(`aiBudgets.feature.${budget.feature}`)}
            </span>
            <span className="status-ai-budgets__left">
              {budget.left === 0
                ? t('aiBudgets.spent')
                : t('aiBudgets.left', { left: number(budget.left), total: number(budget.total) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
