import { PendingPage } from '../components/pending-page';

export function AuditPage() {
  return <PendingPage page="audit" />;
}
