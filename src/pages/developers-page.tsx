import { PendingPage } from '../components/pending-page';

export function DevelopersPage() {
  return <PendingPage page="developers" />;
}
