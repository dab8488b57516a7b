import { useTranslation } from 'react-i18next';
import type { RouteName } from '#domain/paths';
import { formatTime } from '../../../lib/i18n/format';
import type { ChatMessage } from '../hooks/use-chat-session';
import { ChatFeedback } from './chat-feedback';
import { ChatMarkdown } from './chat-markdown';

type ChatMessageViewProps = {
  message: ChatMessage;
  onNavigate: (route: RouteName) => void;
};

/** One bubble: the visitor's text as typed, or the assistant's formatted reply. */
export function ChatMessageView({ message, onNavigate }: ChatMessageViewProps) {
  const { t, i18n } = useTranslation('chat');
  const time = new Date(message.timestamp);
  const waiting = message.streaming && message.text === '';
  const showFeedback = message.kind === 'reply' && !message.streaming && message.text !== '';

  return (
    <div
      className={`chat-message chat-message--${message.sender}${message.kind === 'error' ? ' chat-message--error' : ''}`}
      aria-busy={message.streaming ? true : undefined}
    >
      <span className="visually-hidden">
        {message.sender === 'user' ? t('you') : t('assistant')}
      </span>
      <div className="chat-message__bubble">
        {waiting ? (
          <span className="chat-typing">
            <span className="chat-typing__dot" aria-hidden="true" />
            <span className="chat-typing__dot" aria-hidden="true" />
            <span className="chat-typing__dot" aria-hidden="true" />
            <span className="visually-hidden">{t('typing')}</span>
          </span>
        ) : message.sender === 'user' ? (
          <p className="chat-message__text">{message.text}</p>
        ) : message.kind === 'error' ? (
          <p className="chat-message__text" role="alert">
            {message.text}
          </p>
        ) : (
          <ChatMarkdown text={message.text} onNavigate={onNavigate} />
        )}
      </div>
      {!waiting && (
        <time className="chat-message__time" dateTime={time.toISOString()}>
          {formatTime(time, i18n.language, { seconds: false })}
        </time>
      )}
      {showFeedback && <ChatFeedback />}
    </div>
  );
}
