import { PendingPage } from '../components/pending-page';

export function DashboardPage() {
  return <PendingPage page="dashboard" />;
}
