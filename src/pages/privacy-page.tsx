import { PendingPage } from '../components/pending-page';

export function PrivacyPage() {
  return <PendingPage page="privacy" />;
}
