import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#domain/paths';
import { openAiChat } from '../../../lib/events';
import './guides.css';

/** The help center's way out: open the AI chat (the open-ai-chat event), or contact the team. */
export function MoreHelp() {
  const { t } = useTranslation('faq');
  return (
    <section className="card more-help" aria-labelledby="more-help-title">
      <h2 id="more-help-title">{t('moreHelp.title')}</h2>
      <p>{t('moreHelp.text')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={openAiChat}>
          {t('moreHelp.button')}
        </button>
        <Link to={paths.contact} className="button">
          {t('moreHelp.contact')}
        </Link>
      </div>
    </section>
  );
}
