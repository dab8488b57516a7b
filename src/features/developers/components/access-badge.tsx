import { useTranslation } from 'react-i18next';
import type { Access, Method } from '../api/endpoints';

/** Public or API key required. */
export function AccessBadge({ access }: { access: Access }) {
  const { t } = useTranslation('dev');
  return (
    <span className={`access-badge access-badge--${access}`}>
      {t(`developers.access.${access}`)}
    </span>
  );
}

export function MethodBadge({ method }: { method: Method }) {
  return <span className={`method-badge method-badge--${method.toLowerCase()}`}>{method}</span>;
}

/** Marks an endpoint or a field that this shop added to the specified API (x-ours). */
export function OursBadge() {
  const { t } = useTranslation('dev');
  return <span className="ours-badge">{t('developers.labels.ours')}</span>;
}
