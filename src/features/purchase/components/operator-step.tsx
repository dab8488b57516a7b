import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { operators, type PlanId } from '#domain/catalogue';
import { intlLocale } from '../../../lib/i18n/languages';
import { toLanguage } from '../../../lib/i18n/languages';
import { operatorStock, type StockAvailability } from '../lib/checkout';
import { DraftSummary } from './draft-summary';
import { usePromiseTime } from './stock-promise';
import { StepHeading } from './step-heading';
import './operator-step.css';

type OperatorStepProps = {
  planId: PlanId;
  focusOnMount: boolean;
  onChoose: (operatorId: string) => void;
  onBack: () => void;
  /** Server mode: whether each operator has an eSIM ready now (null: not known, say nothing). */
  availability?: StockAvailability | null;
};

/**
 * Step 2: the partner operators, each led by where it is strong in plain words, the tourists'
 * default marked; the GSMA identifiers follow in small print (decision 054).
 */
export function OperatorStep(props: OperatorStepProps) {
  const { planId, focusOnMount, onChoose, onBack, availability = null } = props;
  const { t, i18n } = useTranslation('purchase');
  const promiseTime = usePromiseTime();
  const list = new Intl.ListFormat(intlLocale[toLanguage(i18n.language)], { type: 'unit' });
  const baseId = useId();
  return (
    <section className="purchase-step" aria-labelledby="purchase-operator-heading">
      <StepHeading id="purchase-operator-heading" focusOnMount={focusOnMount}>
        {t('operators.heading')}
      </StepHeading>
      <DraftSummary planId={planId} />
      <p className="muted">{t('operators.text')}</p>
      <ul className="purchase-operators">
        {operators.map((operator) => {
          const detailsId = `${baseId}-${operator.id}`;
          const recommended = operator.recommendedForTourists === true;
          const stock = operatorStock(availability, operator.id, planId);
          return (
            <li key={operator.id}>
              <button
                type="button"
                className={`purchase-operator purchase-operator--${operator.id}${recommended ? ' purchase-operator--recommended' : ''}${stock === 'notReady' ? ' purchase-operator--not-ready' : ''}`}
                aria-describedby={detailsId}
                onClick={() => onChoose(operator.id)}
              >
                <span className="purchase-operator__name">{operator.name}</span>
                {/* Heard as the button's description, so that its name is the operator's. */}
                <span id={detailsId} className="purchase-operator__details" aria-hidden="true">
                  {recommended && (
                    <span className="purchase-operator__recommended">
                      {t('operators.recommended')}
                    </span>
                  )}{' '}
                  {stock && (
                    <span
                      className={`purchase-operator__stock purchase-operator__stock--${stock}`}
                      data-testid={`stock-${operator.id}`}
                    >
                      {stock === 'ready'
                        ? t('availability.ready')
                        : t('availability.notReady', {
                            time: promiseTime(availability!.promiseMinutes),
                          })}
                    </span>
                  )}{' '}
                  <span className="purchase-operator__guide">
                    {t(`operators.guide.${operator.id}`)}
                  </span>{' '}
                  <span className="purchase-operator__codes">
                    {t('operators.gsma', { mcc: operator.mcc, mnc: operator.mnc })}
                    {' · '}
                    {t('operators.networks', { list: list.format(operator.networks) })}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="purchase-field-hint">{t('operators.unsure')}</p>
      <div className="button-row">
        <button type="button" className="button" onClick={onBack}>
          {t('back')}
        </button>
      </div>
    </section>
  );
}
