import { useTranslation } from 'react-i18next';
import './guides.css';

/** eSIM versus physical SIM: a real table with four feature rows. */
export function EsimComparison() {
  const { t } = useTranslation('guide');
  const rows = t('whatIsEsim.comparison.rows', { returnObjects: true });
  return (
    <section className="guide-section" aria-labelledby="esim-comparison">
      <h2 id="esim-comparison">{t('whatIsEsim.comparison.title')}</h2>
      <div className="table-scroll">
        <table className="comparison">
          <caption className="visually-hidden">{t('whatIsEsim.comparison.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('whatIsEsim.comparison.feature')}</th>
              <th scope="col">{t('whatIsEsim.comparison.esim')}</th>
              <th scope="col">{t('whatIsEsim.comparison.physical')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>{row.esim}</td>
                <td>{row.physical}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
