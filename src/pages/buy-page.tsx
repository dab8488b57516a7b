import { PendingPage } from '../components/pending-page';

export function BuyPage() {
  return <PendingPage page="buy" />;
}
