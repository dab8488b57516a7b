import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format';

/** Where the order page's copy on this device stands (issue #42). */
export type OfflineState =
  /** Being saved, or nothing to save yet (no eSIM on the order). */
  | { kind: 'none' }
  /** Kept, with the app's files: the link opens with no connection. */
  | { kind: 'kept'; savedAt: number }
  /** The buyer asked this device to forget it. */
  | { kind: 'forgotten' }
  /** This browser keeps no page for offline use (no service worker, storage refused). */
  | { kind: 'unavailable' };

type Props = {
  state: OfflineState;
  onForget: () => void;
  onKeep: () => void;
};

/** Under the eSIM on the order page: whether it opens offline, and "Forget" / "Keep". */
export function OfflineCopyNote({ state, onForget, onKeep }: Props) {
  const { t, i18n } = useTranslation('delivery');
  if (state.kind === 'none') return null;
  return (
    <section className="offline-note" aria-label={t('offline.label')} data-testid="offline-note">
      {state.kind === 'kept' && (
        <>
          <p role="status">
            {t('offline.kept', { time: formatDateTime(state.savedAt, i18n.language) })}
          </p>
          <ForgetButton onForget={onForget} />
        </>
      )}
      {state.kind === 'forgotten' && (
        <>
          <p role="status">{t('offline.forgotten')}</p>
          <button type="button" className="button" onClick={onKeep}>
            {t('offline.keep')}
          </button>
        </>
      )}
      {state.kind === 'unavailable' && <p>{t('offline.unavailable')}</p>}
    </section>
  );
}

export function ForgetButton({ onForget }: { onForget: () => void }) {
  const { t } = useTranslation('delivery');
  return (
    <>
      <button type="button" className="button offline-note__forget" onClick={onForget}>
        {t('offline.forget')}
      </button>
      <p className="offline-note__hint">{t('offline.forgetHint')}</p>
    </>
  );
}

/** Above the eSIM when the page is the saved copy: what it is, when it was saved. */
export function SavedCopyBanner({ savedAt, onRetry }: { savedAt: number; onRetry: () => void }) {
  const { t, i18n } = useTranslation('delivery');
  return (
    <div className="alert alert--warning offline-banner" role="status" data-testid="saved-copy">
      <p className="offline-banner__title">{t('offline.savedHeading')}</p>
      <p>{t('offline.savedText', { time: formatDateTime(savedAt, i18n.language) })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('offline.retry')}
      </button>
    </div>
  );
}
