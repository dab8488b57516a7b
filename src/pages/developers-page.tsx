import { ApiDocs } from '../features/developers/components/api-docs';

export function DevelopersPage() {
  return <ApiDocs />;
}
