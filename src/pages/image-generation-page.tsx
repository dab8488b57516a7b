import { PendingPage } from '../components/pending-page';

export function ImageGenerationPage() {
  return <PendingPage page="imageGeneration" />;
}
