import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';
import { EsimComparison } from './esim-comparison';
import './guides.css';

/** The eSIM explainer: intro, how it works, five advantages, comparison, dual SIM, unlocked. */
export function EsimExplainer() {
  const { t } = useTranslation('guide');
  const steps = t('whatIsEsim.howItWorks.steps', { returnObjects: true });
  const advantages = t('whatIsEsim.advantages.items', { returnObjects: true });
  return (
    <>
      <section className="guide-section" aria-labelledby="esim-intro">
        <h2 id="esim-intro">{t('whatIsEsim.intro.title')}</h2>
        <p>{t('whatIsEsim.intro.text')}</p>
      </section>

      <section className="guide-section" aria-labelledby="esim-how">
        <h2 id="esim-how">{t('whatIsEsim.howItWorks.title')}</h2>
        <ol className="number-list">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section className="guide-section" aria-labelledby="esim-advantages">
        <h2 id="esim-advantages">{t('whatIsEsim.advantages.title')}</h2>
        <ul className="guide-grid guide-grid--five">
          {advantages.map((advantage) => (
            <li key={advantage.title} className="card">
              <h3 className="card-title">{advantage.title}</h3>
              <p className="muted">{advantage.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <EsimComparison />

      <div className="guide-grid guide-grid--two guide-section">
        <section className="card" aria-labelledby="esim-dual-sim">
          <h2 id="esim-dual-sim">{t('whatIsEsim.dualSim.title')}</h2>
          <p>{t('whatIsEsim.dualSim.text')}</p>
        </section>
        <section className="card" aria-labelledby="esim-unlocked">
          <h2 id="esim-unlocked">{t('whatIsEsim.unlocked.title')}</h2>
          <p>{t('whatIsEsim.unlocked.text')}</p>
          <Link to={paths.compatibility} className="button button--primary">
            {t('whatIsEsim.unlocked.check')}
          </Link>
        </section>
      </div>
    </>
  );
}
