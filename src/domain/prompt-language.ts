/**
 * "Write in …" line appended to prompts so that answers come in the UI language. Pure (no client,
 * no configuration), so that the server imports it too.
 */
export const languageInstruction = (language: string) =>
  language === 'my'
    ? 'Write every human-readable text in Burmese (Myanmar language, Unicode encoding, never Zawgyi).'
    : 'Write every human-readable text in English.';
