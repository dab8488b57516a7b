import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFeedback, readFeedbackSnapshot, subscribeFeedback } from '../lib/feedback-store';
import '../chat-feedback-summary.css';

/**
 * The chat feedback counted on this device (helpful / not helpful), for the dashboard. It loads
 * the `chat` translations itself (render it inside a Suspense boundary) and updates live.
 */
export function ChatFeedbackSummary() {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const snapshot = useSyncExternalStore(subscribeFeedback, readFeedbackSnapshot, () => '');
  const counts = parseFeedback(snapshot);
  const total = counts.helpful + counts.notHelpful;

  return (
    <section className="card chat-feedback-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="chat-feedback-summary__title">
        {t('summary.title')}
      </h2>
      {total === 0 ? (
        <p className="chat-feedback-summary__empty">{t('summary.none')}</p>
      ) : (
        <dl className="chat-feedback-summary__counts">
          <div>
            <dt>{t('summary.helpful')}</dt>
            <dd>{counts.helpful}</dd>
          </div>
          <div>
            <dt>{t('summary.notHelpful')}</dt>
            <dd>{counts.notHelpful}</dd>
          </div>
        </dl>
      )}
      <p className="chat-feedback-summary__note">{t('summary.note')}</p>
    </section>
  );
}
