import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../ui/refresh-button';

/** SPEC §2's error screen, with a Refresh Page button. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="error-screen" role="alert">
      <h1>{t('errorBoundary.title')}</h1>
      <p>{t('errorBoundary.text')}</p>
      <RefreshButton />
    </div>
  );
}
