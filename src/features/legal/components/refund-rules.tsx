import { useTranslation } from 'react-i18next';
import {
  ESIM_STANDINGS,
  POLICY_RULES,
  REQUEST_REASONS,
  type PolicyRule,
} from '#domain/refund-policy';
import { formatNumber } from '../../../lib/i18n/format';

type RefundRulesProps = {
  /** The section's number among the page's sections. */
  number: number;
  /** The rules to show: the shop's own (the ones the server decides with) unless a test says otherwise. */
  rules?: readonly PolicyRule[];
};

/** What a rule gives, as a text key: the outcomes best first, or nothing. */
type GivesKey = 'none' | 'refund' | 'replace' | 'refund_replace' | 'replace_refund';
const givesKey = (rule: PolicyRule): GivesKey =>
  rule.gives.length === 0 ? 'none' : (rule.gives.join('_') as Exclude<GivesKey, 'none'>);

/**
 * The refund policy page's rules section (issue #41 point 5): for each reason a buyer can give,
 * what each standing of the eSIM gets (a refund, a new eSIM or nothing) and within how many days
 * of payment, read from the rules the order page's form and the server apply.
 */
export function RefundRules({ number, rules = POLICY_RULES }: RefundRulesProps) {
  const { t, i18n } = useTranslation('legal');
  const language = i18n.language;
  const when = (rule: PolicyRule) =>
    rule.days === null
      ? t('refund.rules.anyTime')
      : t('refund.rules.within', { count: rule.days, days: formatNumber(rule.days, language) });

  return (
    <section className="legal__section" aria-labelledby={`legal-section-${number}`}>
      <h2 id={`legal-section-${number}`}>
        <span className="legal__number">{formatNumber(number, language)}.</span>{' '}
        {t('refund.rules.title')}
      </h2>
      <p>{t('refund.rules.intro')}</p>
      {REQUEST_REASONS.map((reason) => (
        <div key={reason} className="legal__rule" data-reason={reason}>
          <h3>{t(`refund.rules.reasons.${reason}`)}</h3>
          <ul className="legal__list">
            {ESIM_STANDINGS.map((standing) => {
              const rule = rules.find((r) => r.reason === reason && r.standing === standing);
              if (!rule) return null;
              return (
                <li key={standing} data-standing={standing}>
                  <strong>{t(`refund.rules.standings.${standing}`)}</strong>
                  {t('refund.rules.separator')}
                  {t(`refund.rules.gives.${givesKey(rule)}`, { when: when(rule) })}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
