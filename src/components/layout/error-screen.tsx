import { useTranslation } from 'react-i18next';

/** SPEC §2's error screen, with a Refresh Page button. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="error-screen" role="alert">
      <h1>{t('errorBoundary.title')}</h1>
      <p>{t('errorBoundary.text')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t('errorBoundary.refresh')}
      </button>
    </div>
  );
}
