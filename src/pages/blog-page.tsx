import { BlogView } from '../features/blog/components/blog-view';

export function BlogPage() {
  return <BlogView />;
}
