import { LegalDocument } from '../features/legal/components/legal-document';

export function RefundPage() {
  return <LegalDocument document="refund" />;
}
