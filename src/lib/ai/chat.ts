import type { Chat } from '@google/genai';
import { getAiClient } from './client';
import { AiError, toAiError } from './errors';
import { withTimeout } from './signals';

export type ChatSession = { readonly chat: Chat };

/** Starts a chat (history kept in the session). Fails when the AI client cannot be loaded. */
export async function createChatSession(systemInstruction: string): Promise<ChatSession> {
  try {
    const { genai, settings } = await getAiClient();
    const chat = genai.chats.create({
      model: settings.models.chat,
      config: { systemInstruction, temperature: 0.4 },
    });
    return { chat };
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
      config: { abortSignal: signal },
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
