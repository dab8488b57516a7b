import { PendingPage } from '../components/pending-page';

export function TermsPage() {
  return <PendingPage page="terms" />;
}
