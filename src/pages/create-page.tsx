import { PendingPage } from '../components/pending-page';

export function CreatePage() {
  return <PendingPage page="create" />;
}
