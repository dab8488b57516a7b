import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbDownIcon, ThumbUpIcon } from '../../../components/ui/icons';
import { recordFeedback, type Vote } from '../lib/feedback-store';

/** Helpful / not helpful on one reply; the vote is counted on this device and can be changed. */
export function ChatFeedback() {
  const { t } = useTranslation('chat');
  const [vote, setVote] = useState<Vote | null>(null);

  const choose = (next: Vote) => {
    recordFeedback(next, vote ?? undefined);
    setVote(next);
  };

  return (
    <div className="chat-feedback" role="group" aria-label={t('feedback.question')}>
      <span className="chat-feedback__question" aria-hidden="true">
        {t('feedback.question')}
      </span>
      <button
        type="button"
        className="chat-feedback__button"
        aria-pressed={vote === 'helpful'}
        onClick={() => choose('helpful')}
      >
        <ThumbUpIcon size={18} />
        <span className="visually-hidden">{t('feedback.helpful')}</span>
      </button>
      <button
        type="button"
        className="chat-feedback__button"
        aria-pressed={vote === 'notHelpful'}
        onClick={() => choose('notHelpful')}
      >
        <ThumbDownIcon size={18} />
        <span className="visually-hidden">{t('feedback.notHelpful')}</span>
      </button>
      <span className="chat-feedback__thanks" role="status">
        {vote ? t('feedback.thanks') : ''}
      </span>
    </div>
  );
}
