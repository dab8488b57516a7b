import type { Chat, GenerateContentConfig } from '@google/genai';
import { getAiClient } from './client';
import { AiError, toAiError } from './errors';
import { withTimeout } from './signals';

/**
 * A chat with its history. `config` is kept beside it because the SDK's sendMessageStream uses a
 * per-message config *instead of* the chat's one: every message must carry the system
 * instruction again, or the model would answer without it.
 */
export type ChatSession = { readonly chat: Chat; readonly config: GenerateContentConfig };

/** Starts a chat (history kept in the session). Fails when the AI client cannot be loaded. */
export async function createChatSession(systemInstruction: string): Promise<ChatSession> {
  try {
    const { genai, settings } = await getAiClient();
    const config: GenerateContentConfig = { systemInstruction, temperature: 0.4 };
    const chat = genai.chats.create({ model: settings.models.chat, config });
    return { chat, config };
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
    const stream = await session.chat.sendMessageStream({
      message,
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
