/** The window event that opens the AI chat from anywhere (SPEC §2). */
export const OPEN_AI_CHAT_EVENT = 'open-ai-chat';

export function openAiChat() {
  window.dispatchEvent(new CustomEvent(OPEN_AI_CHAT_EVENT));
}
