import type { Chat, Content, GenerateContentConfig } from '@google/genai';
import { getAiClient, type AiSettings } from './client';
import { AiError, toAiError } from './errors';
import { withTimeout } from './signals';

/** The longest message the chat sends (the composer's maxLength); longer text is cut. */
export const CHAT_MESSAGE_MAX_CHARS = 1000;
/** The most earlier questions (with their replies) resent with a message. */
export const CHAT_HISTORY_MAX_TURNS = 10;
/** The most text of the earlier conversation resent with a message. */
export const CHAT_HISTORY_MAX_CHARS = 12_000;

/**
 * A chat with its history. `config` is kept beside it because the SDK's sendMessageStream uses a
 * per-message config *instead of* the chat's one: every message must carry the system
 * instruction again, or the model would answer without it. `restart` makes the chat anew from a
 * shorter history (the SDK cannot shorten one in place).
 */
export type ChatSession = {
  chat: Chat;
  readonly config: GenerateContentConfig;
  readonly restart: (history: Content[]) => Chat;
};

const textLength = (content: Content) =>
  (content.parts ?? []).reduce((sum, part) => sum + (part.text?.length ?? 0), 0);

/**
 * The newest whole turns of a history (a question with its reply), at most `maxTurns` of them
 * and `maxChars` of text; older turns are left out, so a long conversation does not grow every
 * request without end.
 */
export function trimHistory(
  history: Content[],
  maxTurns = CHAT_HISTORY_MAX_TURNS,
  maxChars = CHAT_HISTORY_MAX_CHARS,
): Content[] {
  let start = history.length;
  let turns = 0;
  let chars = 0;
  for (let index = history.length - 1; index >= 0; index--) {
    const content = history[index]!;
    chars += textLength(content);
    if (content.role !== 'user') continue;
    if (turns === maxTurns || chars > maxChars) break;
    turns++;
    start = index;
  }
  return history.slice(start);
}

/** Starts a chat (history kept in the session). Fails when the AI client cannot be loaded. */
export async function createChatSession(
  ai: AiSettings,
  systemInstruction: string,
): Promise<ChatSession> {
  try {
    const { genai, settings } = await getAiClient(ai);
    const config: GenerateContentConfig = { systemInstruction, temperature: 0.4 };
    const restart = (history: Content[]) =>
      genai.chats.create({ model: settings.models.chat, config, history });
    return { chat: restart([]), config, restart };
  } catch (error) {
    throw toAiError(error);
  }
}

/**
 * Sends a message and yields the reply as it grows (each value is the whole text so far).
 * Throws AiError; `empty` when the stream ended with no text.
 */
export async function* streamChatReply(
  session: ChatSession,
  message: string,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): AsyncGenerator<string> {
  const signal = withTimeout(options.signal, options.timeoutMs ?? 60_000);
  let text = '';
  try {
    const history = session.chat.getHistory(true);
    const kept = trimHistory(history);
    if (kept.length < history.length) session.chat = session.restart(kept);
    const stream = await session.chat.sendMessageStream({
      message: message.slice(0, CHAT_MESSAGE_MAX_CHARS),
      config: { ...session.config, abortSignal: signal },
    });
    for await (const chunk of stream) {
      const piece = chunk.text ?? '';
      if (!piece) continue;
      text += piece;
      yield text;
    }
  } catch (error) {
    throw toAiError(error, signal);
  }
  if (!text.trim()) throw new AiError('empty', 'The AI service returned an empty answer');
}
