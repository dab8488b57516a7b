import { PendingPage } from '../components/pending-page';

export function StatusPage() {
  return <PendingPage page="status" />;
}
