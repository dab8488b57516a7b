import { LegalDocument } from '../features/legal/components/legal-document';

export function TermsPage() {
  return <LegalDocument document="terms" />;
}
