import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';

/** Announces demo mode on every page: the AI answers are simulated. */
export function DemoBanner() {
  const { t } = useTranslation();
  if (env.ai.mode !== 'demo') return null;
  return (
    <div className="demo-banner" role="note" data-testid="demo-banner">
      <strong>{t('demo.short')}</strong> {t('demo.banner')}
    </div>
  );
}
