import { PendingPage } from '../components/pending-page';

export function AboutPage() {
  return <PendingPage page="about" />;
}
