import { useId, useLayoutEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../../components/ui/icons';
import { CHAT_MESSAGE_MAX_CHARS } from '../../../lib/ai/chat';
import { preloadZawgyiFor } from '../../../lib/zawgyi/zawgyi';

/** SPEC §9: the textarea grows with its text up to this height, then scrolls. */
export const COMPOSER_MAX_HEIGHT = 100;

type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  /** Sends the text; returns false when it was ignored. */
  onSend: (text: string) => boolean;
  /** A reply is streaming or the session is starting: sending is not possible. */
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** Enter sends, Shift+Enter makes a new line (and Enter while composing Burmese does not send). */
export function ChatComposer({ value, onChange, onSend, busy, inputRef }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const id = useId();

  useLayoutEffect(() => {
    const area = inputRef.current;
    if (!area) return;
    area.style.height = 'auto';
    const height = Math.min(area.scrollHeight, COMPOSER_MAX_HEIGHT);
    area.style.height = `${height}px`;
    area.style.overflowY = area.scrollHeight > COMPOSER_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [value, inputRef]);

  const submit = () => {
    if (onSend(value)) onChange('');
    inputRef.current?.focus();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('inputLabel')}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        className="chat-composer__input"
        rows={1}
        maxLength={CHAT_MESSAGE_MAX_CHARS}
        value={value}
        placeholder={t('inputPlaceholder')}
        onChange={(event) => {
          onChange(event.target.value);
          preloadZawgyiFor(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          submit();
        }}
      />
      <button
        type="submit"
        className="chat-composer__send"
        aria-disabled={busy || value.trim() === ''}
      >
        <SendIcon size={20} />
        <span className="visually-hidden">{t('send')}</span>
      </button>
    </form>
  );
}
