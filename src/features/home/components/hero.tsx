import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { operators } from '#domain/catalogue';
import { takesCards } from '#domain/payment-methods';
import { paths } from '#domain/paths';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useTypewriter } from '../hooks/use-typewriter';
import { Globe } from './globe';
import { TypedLine } from './typed-line';
import './home.css';
import { toLanguage } from '../../../lib/i18n/languages';

/** Milliseconds per typed unit (a letter, or a Burmese syllable): title, then subtitle. */
const speeds = { en: [55, 16], my: [70, 20] } as const;

/** The home hero: tagline, typed title and subtitle, network partners, call to action, globe. */
export function Hero() {
  const { t, i18n } = useTranslation('home');
  const reducedMotion = useReducedMotion();
  const language = toLanguage(i18n.language);
  const title = t('hero.title');
  // "No card needed" only while no offered method takes a card (issue #44).
  const subtitle = takesCards() ? t('hero.subtitle') : `${t('hero.subtitle')} ${t('cards.none')}`;
  // Typed once, in the language the page opened in: after a language switch the text is simply
  // there (issue #44: it typed itself out again, dim, while the visitor read).
  const [firstLanguage] = useState(language);
  const [switched, setSwitched] = useState(false);
  if (!switched && language !== firstLanguage) setSwitched(true);
  const animated = !reducedMotion && !switched && language === firstLanguage;
  const titleRef = useRef<HTMLSpanElement>(null);
  const subtitleRef = useRef<HTMLSpanElement>(null);
  useTypewriter([titleRef, subtitleRef], [title, subtitle], {
    enabled: animated,
    speeds: speeds[language],
  });

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__copy">
        <p className="hero__tagline">{t('hero.tagline')}</p>
        <h1 id="hero-title" className="hero__title">
          <TypedLine text={title} animated={animated} typedRef={titleRef} />
        </h1>
        <p className="hero__subtitle">
          <TypedLine text={subtitle} animated={animated} typedRef={subtitleRef} />
        </p>
        <div className="hero__partners">
          <span className="hero__partners-label">{t('hero.partners')}</span>
          <ul className="hero__operators">
            {operators.map((operator) => (
              <li key={operator.id}>{operator.name}</li>
            ))}
          </ul>
        </div>
        <div className="button-row">
          <Link to={paths.buy} className="button button--primary hero__cta">
            {t('hero.cta')}
          </Link>
          <Link to={paths.compatibility} className="button">
            {t('hero.secondary')}
          </Link>
        </div>
      </div>
      <Globe />
    </section>
  );
}
