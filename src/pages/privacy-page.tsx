import { LegalDocument } from '../features/legal/components/legal-document';

export function PrivacyPage() {
  return <LegalDocument document="privacy" />;
}
