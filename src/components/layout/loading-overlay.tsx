import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const LOADING_OVERLAY_MS = 500;

/** A short branded overlay while the app starts (500 ms). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOADING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
