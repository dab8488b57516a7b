import { useTranslation } from 'react-i18next';
import './guides.css';

/** The about page's mission, vision and the promises that follow from them. */
export function MissionVision() {
  const { t } = useTranslation('about');
  const promises = t('promises.items', { returnObjects: true });
  return (
    <>
      <div className="guide-grid guide-grid--two">
        <section className="card" aria-labelledby="about-mission">
          <h2 id="about-mission">{t('mission.title')}</h2>
          <p>{t('mission.text')}</p>
        </section>
        <section className="card" aria-labelledby="about-vision">
          <h2 id="about-vision">{t('vision.title')}</h2>
          <p>{t('vision.text')}</p>
        </section>
      </div>
      <section className="guide-section" aria-labelledby="about-promises">
        <h2 id="about-promises">{t('promises.title')}</h2>
        <ul className="check-list">
          {promises.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
