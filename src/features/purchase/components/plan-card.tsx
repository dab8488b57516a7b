import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '#domain/catalogue';
import { approximateUsd, usdRate as configuredRate, type UsdRate } from '../../../config/usd-rate';
import { formatLongDate, formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { usePlanName } from '../../../hooks/use-plan-name';
import './plan-card.css';

type PlanCardProps = {
  plan: Plan;
  onChoose: (planId: string) => void;
  /** The rate for the approximate US dollar price (default: src/config/usd-rate.ts; null: none). */
  usdRate?: UsdRate | null;
};

/**
 * One plan: badges, data and validity, price (with an approximate US dollar price when a rate is
 * configured), what it includes, and its buy button. A plan not on sale yet has no button at
 * all, only its "Coming soon" badge: nothing on it looks tappable.
 */
export function PlanCard({ plan, onChoose, usdRate = configuredRate }: PlanCardProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const nameId = useId();
  const name = usePlanName()(plan.id);
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
        {name}
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
      {usdRate && (
        <UsdPrice
          sentence={(values) => t('plans.usd', values)}
          values={{
            usd: formatNumber(approximateUsd(plan.price, usdRate), language),
            rate: formatNumber(usdRate.mmkPerUsd, language),
            date:
              language === 'en'
                ? usdRate.asOf
                : formatLongDate(new Date(`${usdRate.asOf}T12:00:00`), language),
          }}
        />
      )}
      <ul className="purchase-plan__features" aria-label={t('plans.featuresLabel', { plan: name })}>
        {plan.features.map((feature) => (
          <li key={feature}>{t(`features.${feature}`)}</li>
        ))}
      </ul>
      {plan.isAvailable ? (
        <button
          type="button"
          className="button button--primary purchase-plan__buy"
          onClick={() => onChoose(plan.id)}
        >
          {t('plans.buy', { plan: name })}
        </button>
      ) : (
        <p className="purchase-plan__not-on-sale">{t('plans.notOnSale')}</p>
      )}
    </article>
  );
}

type UsdValues = { usd: string; rate: string; date: string };

type UsdPriceProps = {
  /** The translated sentence with the given values in its placeholders. */
  sentence: (values: UsdValues) => string;
  values: UsdValues;
};

/**
 * "≈ US$19 at 4,200 MMK/US$ on 2026-11-20": the approximate price on a line of its own, then the
 * rate and its date in smaller print, each phrase unbreakable (the paragraph does not wrap; a
 * line may end only at the <wbr> between phrases), so that no line ends inside "4,200 / MMK/US$"
 * or "ငွေ / လဲနှုန်း". Whatever order a language puts them in, the sentence is cut at its values:
 * the price ends after {{usd}}, the date's phrase is {{date}} with the word just before it ("on",
 * "("), and the rest is the rate's phrase. The text is the sentence, unchanged.
 */
function UsdPrice({ sentence, values }: UsdPriceProps) {
  const parts = usdParts(sentence, values);
  if (!parts) return <p className="purchase-plan__usd">{sentence(values)}</p>;
  const [price, ...phrases] = parts;
  return (
    <p className="purchase-plan__usd purchase-plan__usd--phrases">
      {price!.text + price!.space}
      <br />
      {phrases.map((phrase, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {phrase.text + phrase.space}
        </Fragment>
      ))}
    </p>
  );
}

/** A piece of the sentence and the white space after it (kept, so the text stays the same). */
type UsdPart = { text: string; space: string };

const marker = (name: string) => `\u{E000}${name}\u{E001}`;

/** The sentence as [price, ...phrases], or null when its values are not where expected. */
function usdParts(sentence: UsdPriceProps['sentence'], values: UsdValues): UsdPart[] | null {
  const marked = sentence({ usd: marker('usd'), rate: marker('rate'), date: marker('date') });
  // Fill the values in, noting where each one ends up.
  let text = '';
  const at: Partial<Record<keyof UsdValues, { start: number; end: number }>> = {};
  marked.split(/\u{E000}(usd|rate|date)\u{E001}/u).forEach((piece, index) => {
    if (index % 2 === 0) {
      text += piece;
      return;
    }
    const name = piece as keyof UsdValues;
    at[name] = { start: text.length, end: text.length + values[name].length };
    text += values[name];
  });
  const { usd, rate, date } = at;
  if (!usd || !rate || !date || usd.start > Math.min(rate.start, date.start)) return null;
  // A cut after a value moves past the rest of its word and the space that follows.
  const afterWord = (index: number) => index + /^\S*\s*/u.exec(text.slice(index))![0].length;
  const priceEnd = afterWord(usd.end);
  const dateStart = Math.max(priceEnd, text.slice(0, date.start).trimEnd().search(/\S*$/u));
  const parts: UsdPart[] = [];
  let start = 0;
  for (const end of [priceEnd, dateStart, afterWord(date.end), text.length]) {
    const piece = text.slice(start, end);
    const words = piece.trimEnd();
    if (words) parts.push({ text: words, space: piece.slice(words.length) });
    start = Math.max(start, end);
  }
  return parts.length >= 2 ? parts : null;
}
