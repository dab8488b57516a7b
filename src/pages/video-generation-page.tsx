import { PendingPage } from '../components/pending-page';

export function VideoGenerationPage() {
  return <PendingPage page="videoGeneration" />;
}
