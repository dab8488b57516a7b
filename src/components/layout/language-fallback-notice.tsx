import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  languageFallbacks,
  retryLanguageBundles,
  subscribeLanguageFallbacks,
} from '../../lib/i18n/i18n';

/**
 * Says that text is shown in English because a Burmese bundle did not load (offline, a dropped
 * connection), with Try again. The bundles load again by themselves when the browser is back
 * online; then the notice goes.
 */
export function LanguageFallbackNotice() {
  const { t, i18n } = useTranslation();
  const fallbacks = useSyncExternalStore(
    subscribeLanguageFallbacks,
    languageFallbacks,
    languageFallbacks,
  );
  const [retrying, setRetrying] = useState(false);
  const shown = fallbacks.some((name) => name.startsWith(`${i18n.language}/`));
  if (!shown) return null;
  const retry = () => {
    setRetrying(true);
    void retryLanguageBundles().finally(() => setRetrying(false));
  };
  return (
    <div className="demo-banner language-fallback" role="status" data-testid="language-fallback">
      {t('languageFallback.text')}{' '}
      <button type="button" className="button" onClick={retry} disabled={retrying}>
        {t('languageFallback.retry')}
      </button>
    </div>
  );
}
