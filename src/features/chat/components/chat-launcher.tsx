import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { OPEN_AI_CHAT_EVENT } from '../../../lib/events';

/** The floating chat button (bottom-right) and the chat dialog it opens. */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const subtitleId = useId();

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_AI_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AI_CHAT_EVENT, onOpen);
  }, []);

  return (
    <>
      <button
        type="button"
        className="fab chat-fab"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">💬</span>
        <span className="visually-hidden">{t('chatLauncher.open')}</span>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        describedBy={subtitleId}
        className="chat-dialog"
      >
        <header className="chat-dialog__header">
          <div>
            <h2 id={titleId} className="chat-dialog__title">
              {t('chatLauncher.title')}
            </h2>
            <p id={subtitleId} className="chat-dialog__subtitle">
              {t('chatLauncher.subtitle')}
            </p>
          </div>
          <button type="button" className="icon-button" onClick={() => setOpen(false)}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{t('chatLauncher.close')}</span>
          </button>
        </header>
      </Modal>
    </>
  );
}
