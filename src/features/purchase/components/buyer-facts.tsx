import { paymentMethods, takesCards, type PaymentMethod } from '#domain/payment-methods';
import { useTranslation } from 'react-i18next';
import { usdRate as configuredRate, type UsdRate } from '../../../config/usd-rate';
import './buyer-facts.css';

type BuyerFactsProps = {
  /** Whether dollar prices are shown (default: when src/config/usd-rate.ts has a rate). */
  usdRate?: UsdRate | null;
  /** The ways to pay on offer (default: the shop's, src/domain/payment-methods.ts). */
  methods?: readonly PaymentMethod[];
};

/**
 * What a buyer needs to know before starting, where they choose a plan: who can pay (a Myanmar
 * wallet or bank app that scans MMQR) and what they must provide (only a contact, no ID).
 */
export function BuyerFacts({
  usdRate = configuredRate,
  methods = paymentMethods,
}: BuyerFactsProps) {
  const { t } = useTranslation('purchase');
  return (
    <aside className="buyer-facts" aria-label={t('buyerFacts.label')}>
      <ul className="buyer-facts__list">
        <li>
          {t('buyerFacts.payment')}
          {/* Said only while no offered method takes a card (issue #44). */}
          {!takesCards(methods) && ` ${t('cards.notAccepted')}`}
        </li>
        <li>{t('buyerFacts.identity')}</li>
        {usdRate && <li>{t('buyerFacts.usd')}</li>}
      </ul>
    </aside>
  );
}
