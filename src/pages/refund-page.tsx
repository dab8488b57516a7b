import { PendingPage } from '../components/pending-page';

export function RefundPage() {
  return <PendingPage page="refund" />;
}
