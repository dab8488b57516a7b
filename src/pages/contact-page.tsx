import { PendingPage } from '../components/pending-page';

export function ContactPage() {
  return <PendingPage page="contact" />;
}
