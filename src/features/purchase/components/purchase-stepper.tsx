import { useTranslation } from 'react-i18next';
import { stepperSteps, type StepperStep } from '../lib/purchase-machine';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import './purchase-stepper.css';

type PurchaseStepperProps = {
  current: StepperStep;
  /** After the first step a phone shows only "Step 4 of 5: Payment" (the list stays for screen readers). */
  compact?: boolean;
};

/** Plan, Operator, Contact, Payment, Complete: where the buyer is (shown on steps 1-4). */
export function PurchaseStepper({ current, compact = false }: PurchaseStepperProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const index = stepperSteps.indexOf(current);
  return (
    <nav
      className={`purchase-stepper${compact ? ' purchase-stepper--compact' : ''}`}
      aria-label={t('stepper.label')}
    >
      <p className="purchase-stepper__position">
        {t('stepper.position', {
          current: formatNumber(index + 1, language),
          total: formatNumber(stepperSteps.length, language),
          name: t(`stepper.${current}`),
        })}
      </p>
      <ol className="purchase-stepper__list">
        {stepperSteps.map((step, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`purchase-stepper__item purchase-stepper__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="purchase-stepper__marker" aria-hidden="true">
                {state === 'done' ? '✓' : formatNumber(position + 1, language)}
              </span>
              <span className="purchase-stepper__name">
                {t(`stepper.${step}`)}
                {state === 'done' && <span className="visually-hidden"> {t('stepper.done')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
