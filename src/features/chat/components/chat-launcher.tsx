import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  floatingProps,
  revealFloating,
  useFloatingGiveWay,
} from '../../../components/layout/floating-give-way';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { OPEN_AI_CHAT_EVENT } from '../../../lib/events';
import { i18n } from '../../../lib/i18n/i18n';
import '../chat-launcher.css';

/** The chat itself and its text load only when the dialog first opens. */
const ChatPanel = lazy(async () => {
  const [module] = await Promise.all([import('./chat-panel'), i18n.loadNamespaces('chat')]);
  return { default: module.ChatPanel };
});

/** The floating chat button (bottom-right) and the chat dialog it opens. */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const subtitleId = useId();
  // On a phone the button gives way while the visitor reads down the page, never while the chat
  // is open: focus goes back to it when the chat closes.
  const away = useFloatingGiveWay() && !open;

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_AI_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AI_CHAT_EVENT, onOpen);
  }, []);

  useEffect(() => {
    if (open) revealFloating();
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        {...floatingProps(away, 'fab chat-fab')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ChatIcon />
        <span className="visually-hidden">{t('chatLauncher.open')}</span>
      </button>
      <Modal
        open={open}
        onClose={close}
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
          <button type="button" className="icon-button" onClick={close}>
            <CloseIcon size={20} />
            <span className="visually-hidden">{t('chatLauncher.close')}</span>
          </button>
        </header>
        {/* If the chat's code cannot be loaded (offline), the dialog says so, not the page. */}
        <ErrorBoundary
          label="The chat could not be loaded"
          level="info"
          fallback={
            <p className="chat-dialog__fallback" role="alert">
              {t('errorBoundary.text')}
            </p>
          }
        >
          <Suspense
            fallback={
              <div className="chat-dialog__loading" aria-busy="true">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('loading')}</span>
              </div>
            }
          >
            <ChatPanel onClose={close} />
          </Suspense>
        </ErrorBoundary>
      </Modal>
    </>
  );
}
