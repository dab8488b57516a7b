import { PendingPage } from '../components/pending-page';

export function BlogPage() {
  return <PendingPage page="blog" />;
}
