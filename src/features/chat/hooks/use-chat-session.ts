import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useServices } from '../../../lib/services';
import { site } from '../../../config/site';
import { useRequest } from '../../../hooks/use-request';
import {
  CHAT_MESSAGE_MAX_CHARS,
  createChatSession,
  streamChatReply,
  type ChatSession,
} from '../../../lib/ai/chat';
import { isAiError } from '../../../lib/ai/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { toUnicode } from '../../../lib/zawgyi/zawgyi';
import {
  buildSystemInstruction,
  faqEntries,
  type FaqEntry,
  type InstructionInput,
} from '../lib/system-instruction';
import { withoutJoiners } from '../../../lib/i18n/burmese-breaks';

/** SPEC §3 Chat message, plus what the view needs to draw it. */
export type ChatMessage = {
  id: string;
  sender: 'user' | 'ai';
  text: string;
  timestamp: number;
  kind: 'greeting' | 'question' | 'reply' | 'error';
  /** The reply is still arriving. */
  streaming?: boolean;
};

let lastId = 0;
const nextId = () => `chat-${++lastId}`;

/** The current language's help-center text, loaded with i18n when the chat opens. */
async function loadInstruction(language: string): Promise<string> {
  let faq: FaqEntry[] = [];
  let planNames: InstructionInput['planNames'] = {};
  try {
    await i18n.loadNamespaces('purchase');
    planNames = i18n.getResource(language, 'purchase', 'plans.names') as typeof planNames;
  } catch {
    // Without them the assistant names the plans by their English product names.
  }
  try {
    await i18n.loadNamespaces('faq');
    faq = faqEntries(i18n.getResourceBundle(language, 'faq'), site.brandName);
  } catch {
    // Without the FAQ the assistant still has the shop's facts and guidelines.
  }
  // The FAQ as the page shows it carries line-break joiners (decision 132): the model gets it plain.
  return withoutJoiners(
    buildSystemInstruction({
      language,
      brand: site.brandName,
      email: site.email,
      phone: site.phone,
      faq,
      planNames,
    }),
  );
}

/**
 * Resolves once the browser has had the chance to paint, so that every streamed piece is seen
 * even when several arrive at once. Falls back to a short timer where frames do not run
 * (background tabs, tests).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * One chat session for as long as the component lives (SPEC §4): it starts with the greeting,
 * or the connection error in its place; a message is ignored when blank or while a reply is
 * streaming; unmounting (closing the chat) cancels the reply and forgets everything.
 */
export function useChatSession(language: string) {
  const { ai } = useServices();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const session = useRef<ChatSession | null>(null);
  const request = useRequest<void>();
  const { run, inFlight } = request;
  // Connecting until the greeting (or the connection error in its place) is the first message.
  const connecting = messages.length === 0;

  useEffect(() => {
    const current = new AbortController();
    const t = i18n.getFixedT(language, 'chat');
    const start = async () => {
      let first: ChatMessage;
      try {
        const created = await createChatSession(ai, await loadInstruction(language));
        if (current.signal.aborted) return;
        session.current = created;
        first = {
          id: nextId(),
          sender: 'ai',
          kind: 'greeting',
          text: t('greeting', { brand: site.brandName }),
          timestamp: Date.now(),
        };
      } catch {
        if (current.signal.aborted) return;
        first = {
          id: nextId(),
          sender: 'ai',
          kind: 'error',
          text: t('errors.init'),
          timestamp: Date.now(),
        };
      }
      setMessages([first]);
    };
    void start();
    return () => {
      current.abort();
      session.current = null;
    };
  }, [ai, language]);

  /** Streams the reply to `question`; a failure becomes a message in the log, never a throw. */
  const reply = useCallback(
    async (text: string, signal: AbortSignal) => {
      const t = i18n.getFixedT(language, 'chat');
      const update = (id: string, change: Partial<ChatMessage>) =>
        setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change } : m)));
      const replyId = nextId();
      let received = false;
      try {
        const question = await toUnicode(text);
        if (signal.aborted) return;
        setMessages((list) => [
          ...list,
          { id: nextId(), sender: 'user', kind: 'question', text: question, timestamp: Date.now() },
          {
            id: replyId,
            sender: 'ai',
            kind: 'reply',
            text: '',
            timestamp: Date.now(),
            streaming: true,
          },
        ]);
        // After a failed start, a message tries once more to open the session.
        session.current ??= await createChatSession(ai, await loadInstruction(language));
        for await (const partial of streamChatReply(session.current, question, { signal })) {
          received = true;
          flushSync(() => update(replyId, { text: partial }));
          await afterPaint();
        }
        update(replyId, { streaming: false, timestamp: Date.now() });
      } catch (error) {
        if (signal.aborted) return;
        // Nothing usable came back (empty or broken reply) -> rephrase; no reply at all -> support.
        const failedReply = received || (isAiError(error) && error.kind === 'empty');
        const failure: ChatMessage = {
          id: nextId(),
          sender: 'ai',
          kind: 'error',
          text: t(failedReply ? 'errors.reply' : 'errors.send'),
          timestamp: Date.now(),
        };
        setMessages((list) =>
          received
            ? [...list.map((m) => (m.id === replyId ? { ...m, streaming: false } : m)), failure]
            : list.map((m) => (m.id === replyId ? { ...failure, id: replyId } : m)),
        );
      }
    },
    [ai, language],
  );

  /**
   * Sends a message; false when it is ignored (blank, connecting, or a reply is streaming). Text
   * over the composer's limit is cut, so what is shown is what is sent. A suggestion's text comes
   * from the page, with its line-break joiners (decision 132): the model gets it plain.
   */
  const send = useCallback(
    (raw: string): boolean => {
      const text = withoutJoiners(raw).trim().slice(0, CHAT_MESSAGE_MAX_CHARS);
      if (!text || connecting || inFlight()) return false;
      void run((signal) => reply(text, signal));
      return true;
    },
    [connecting, inFlight, reply, run],
  );

  return { messages, connecting, streaming: request.pending, send };
}
