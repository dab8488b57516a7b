import { useTranslation } from 'react-i18next';

/** SPEC §2's Refresh Page button: reloads the shop, for the error screens. */
export function RefreshButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => window.location.reload()}
    >
      {t('errorBoundary.refresh')}
    </button>
  );
}
