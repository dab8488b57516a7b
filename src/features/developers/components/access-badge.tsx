import { useTranslation } from 'react-i18next';
import type { Access } from '../api/endpoints';

/** Public, API key required, or not yet specified. */
export function AccessBadge({ access }: { access: Access }) {
  const { t } = useTranslation('dev');
  return (
    <span className={`access-badge access-badge--${access}`}>
      {t(`developers.access.${access}`)}
    </span>
  );
}

export function MethodBadge({ method }: { method: 'GET' | 'POST' }) {
  return <span className={`method-badge method-badge--${method.toLowerCase()}`}>{method}</span>;
}
