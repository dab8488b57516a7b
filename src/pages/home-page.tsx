import { PendingPage } from '../components/pending-page';

export function HomePage() {
  return <PendingPage page="home" />;
}
