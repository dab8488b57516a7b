import { takesCards } from '#domain/payment-methods';
import { useTranslation } from 'react-i18next';
import { WhyIcon } from './why-icon';

/** The six reasons, in SPEC §2's order. */
export const whyCards = [
  'connectivity',
  'numbers',
  'payment',
  'performance',
  'security',
  'support',
] as const;

/** The why-choose-us grid: connectivity, numbers, payment, performance, security, support. */
export function WhyChooseUs() {
  const { t } = useTranslation('home');
  return (
    <section className="why" aria-labelledby="why-title">
      <h2 id="why-title">{t('why.title')}</h2>
      <p className="lead why__lead">{t('why.lead')}</p>
      <ul className="why__grid">
        {whyCards.map((card) => (
          <li key={card} className="card why__card">
            <span className="why__icon">
              <WhyIcon name={card} />
            </span>
            <h3 className="why__title">{t(`why.cards.${card}.title`)}</h3>
            <p className="why__text">
              {t(`why.cards.${card}.text`)}
              {/* "No card needed" only while no offered method takes a card (issue #44). */}
              {card === 'payment' && !takesCards() && ` ${t('cards.none')}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
