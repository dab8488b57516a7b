import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths, type RouteName } from '#domain/paths';
import { useChatSession } from '../hooks/use-chat-session';
import { ChatComposer } from './chat-composer';
import { ChatMessageView } from './chat-message';
import '../chat.css';

type ChatPanelProps = { onClose: () => void };

/** The chat inside the dialog. A new language starts a new session in that language. */
export function ChatPanel({ onClose }: ChatPanelProps) {
  const { i18n } = useTranslation('chat');
  return <ChatConversation key={i18n.language} language={i18n.language} onClose={onClose} />;
}

type ChatConversationProps = { language: string; onClose: () => void };

function ChatConversation({ language, onClose }: ChatConversationProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const { messages, connecting, streaming, send } = useChatSession(language);
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const suggestionsId = useId();
  const suggestions = t('suggestions', { returnObjects: true });
  const onlyGreeting = messages.length === 1 && messages[0]?.kind === 'greeting';

  // The dialog focuses its close button before this panel has loaded; move on to the input.
  useEffect(() => {
    const active = document.activeElement;
    const dialog = input.current?.closest('dialog');
    if (!active || active === document.body || dialog?.contains(active)) input.current?.focus();
  }, []);

  // The conversation follows its newest message, but never past that message's start: a message
  // taller than the log (the greeting in Burmese on a phone, beside the suggestions) is shown
  // from its first line, not from its end.
  useEffect(() => {
    const node = log.current;
    if (node && stickToBottom.current) node.scrollTop = scrollTopFor(node);
  }, [messages]);

  const sendMessage = (text: string) => {
    const sent = send(text);
    if (sent) stickToBottom.current = true;
    return sent;
  };

  const openRoute = (route: RouteName) => {
    onClose();
    void navigate(paths[route]);
  };

  return (
    <div className="chat-panel">
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-label={t('messagesLabel')}
        tabIndex={0}
        onScroll={(event) => {
          const node = event.currentTarget;
          stickToBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight < 48;
        }}
      >
        {connecting && (
          <p className="chat-connecting">
            <span className="spinner chat-connecting__spinner" aria-hidden="true" />
            {t('connecting')}
          </p>
        )}
        {messages.map((message) => (
          <ChatMessageView key={message.id} message={message} onNavigate={openRoute} />
        ))}
      </div>
      {onlyGreeting && (
        <div className="chat-suggestions">
          <p id={suggestionsId} className="chat-suggestions__label">
            {t('suggestionsLabel')}
          </p>
          <ul className="chat-suggestions__list" aria-labelledby={suggestionsId}>
            {suggestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  className="chat-suggestions__button"
                  onClick={() => {
                    sendMessage(question);
                    input.current?.focus();
                  }}
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ChatComposer
        value={draft}
        onChange={setDraft}
        onSend={sendMessage}
        busy={streaming || connecting}
        inputRef={input}
      />
      <p className="chat-disclaimer">{t('disclaimer')}</p>
    </div>
  );
}

/** Where the log scrolls to: its end, or the newest message's start if that is higher. */
function scrollTopFor(log: HTMLElement): number {
  const end = log.scrollHeight - log.clientHeight;
  const newest = log.lastElementChild;
  if (!newest) return end;
  const paddingTop = parseFloat(getComputedStyle(log).paddingTop) || 0;
  const start =
    newest.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop;
  return Math.max(0, Math.min(end, start - paddingTop));
}
