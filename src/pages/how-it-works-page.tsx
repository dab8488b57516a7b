import { PendingPage } from '../components/pending-page';

export function HowItWorksPage() {
  return <PendingPage page="howItWorks" />;
}
