import { PendingPage } from '../components/pending-page';

export function HelpCenterPage() {
  return <PendingPage page="helpCenter" />;
}
