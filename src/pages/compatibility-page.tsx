import { PendingPage } from '../components/pending-page';

export function CompatibilityPage() {
  return <PendingPage page="compatibility" />;
}
