import { DirectContact } from './direct-contact';
import { SupportAssistant } from './support-assistant';
import '../support.css';

/** The /contact page body: direct contact beside the AI support assistant. */
export function ContactOptions() {
  return (
    <div className="support-layout">
      <DirectContact />
      <SupportAssistant />
    </div>
  );
}
