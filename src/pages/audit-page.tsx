import { AuditView } from '../features/developers/components/audit-view';

export function AuditPage() {
  return <AuditView />;
}
