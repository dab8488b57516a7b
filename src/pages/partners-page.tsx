import { PendingPage } from '../components/pending-page';

export function PartnersPage() {
  return <PendingPage page="partners" />;
}
