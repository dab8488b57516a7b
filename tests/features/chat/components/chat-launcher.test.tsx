import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { ChatLauncher } from '../../../../src/features/chat/components/chat-launcher';
import { readFeedbackCounts } from '../../../../src/features/chat/lib/feedback-store';
import { openAiChat } from '../../../../src/lib/events';
import { GEMINI, server } from '../../../support/msw-server';
import { pageOfHeight, scrollPageTo, useScreen } from '../../../support/floating';
import { geminiStream } from '../../../support/ai';
import { renderWithProviders } from '../../../support/render';

/** An SSE body like `:streamGenerateContent?alt=sse` sends, one event per piece. */
const sse = (pieces: string[]) => geminiStream(...pieces);

type Captured = {
  url: string;
  body: {
    systemInstruction?: { parts: { text: string }[] };
    contents: { parts: { text: string }[] }[];
  };
};

function replyWith(respond: () => Response) {
  const calls: Captured[] = [];
  server.use(
    http.post(`${GEMINI}/*`, async ({ request }) => {
      calls.push({ url: request.url, body: (await request.json()) as Captured['body'] });
      return respond();
    }),
  );
  return calls;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function openChat(language: 'en' | 'my' = 'en') {
  await renderWithProviders(
    <>
      <ChatLauncher />
      <Where />
    </>,
    { language },
  );
  const user = userEvent.setup();
  await user.click(
    screen.getByRole('button', { name: language === 'en' ? 'Ask AI Assistant' : /AI/ }),
  );
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

const greeting = /Hello! I'm the eSIM Myanmar AI assistant/;

describe('ChatLauncher', () => {
  it('greets, offers four suggestions and answers one, streaming in the demo answer', async () => {
    const { user, dialog } = await openChat();
    expect(within(dialog).getByRole('heading', { name: 'Ask AI Assistant' })).toBeInTheDocument();
    expect(await within(dialog).findByText(greeting)).toBeInTheDocument();
    expect(
      within(dialog).getByText('AI responses may contain errors. Verify important information.'),
    ).toBeInTheDocument();
    const suggestions = within(dialog).getByRole('list', { name: 'Suggested questions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'How do I activate my eSIM?',
      'What are your data plans?',
      'Is my phone compatible?',
      'How to contact support?',
    ]);

    await user.click(
      within(suggestions).getByRole('button', { name: 'What are your data plans?' }),
    );
    const log = within(dialog).getByRole('log');
    expect(within(log).getByText('What are your data plans?')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('list', { name: 'Suggested questions' }),
    ).not.toBeInTheDocument();
    expect(await within(log).findByText('Power User', { selector: 'strong' })).toBeInTheDocument();
    await within(log).findByRole('group', { name: 'Was this answer helpful?' });
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveFocus();
  });

  it('sends the FAQ-based system instruction and the question to the model', async () => {
    const calls = replyWith(() => sse(['Hi ', 'there.']));
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    const box = within(dialog).getByRole('textbox', { name: 'Your question' });
    await user.type(box, 'Do you sell SIM cards?{Enter}');
    expect(await within(dialog).findByText('Hi there.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain(':streamGenerateContent');
    const system = calls[0]?.body.systemInstruction?.parts[0]?.text ?? '';
    expect(system).toContain('Reply language: English');
    expect(system).toContain('/buy-esim');
    expect(calls[0]?.body.contents.at(-1)?.parts[0]?.text).toBe('Do you sell SIM cards?');
    expect(box).toHaveValue('');
  });

  it('takes at most 1000 characters in a question', async () => {
    const calls = replyWith(() => sse(['Noted.']));
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    const box = within(dialog).getByRole('textbox', { name: 'Your question' });
    await user.click(box);
    await user.paste('q'.repeat(1500));
    expect(box).toHaveValue('q'.repeat(1000));
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Noted.')).toBeInTheDocument();
    expect(calls[0]?.body.contents.at(-1)?.parts[0]?.text).toBe('q'.repeat(1000));
  });

  it('grows the reply piece by piece', async () => {
    replyWith(() => sse(['Install ', 'over ', 'Wi-Fi.']));
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    const log = within(dialog).getByRole('log');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const replies = log.querySelectorAll('.chat-message--ai .chat-markdown');
      const text = replies[replies.length - 1]?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    });
    observer.observe(log, { subtree: true, childList: true, characterData: true });
    await user.type(within(dialog).getByRole('textbox'), 'How do I install it?{Enter}');
    await within(log).findByText('Install over Wi-Fi.');
    observer.disconnect();
    expect(seen).toEqual(['Install', 'Install over', 'Install over Wi-Fi.']);
  });

  it('makes a newline with Shift+Enter, ignores blank messages and messages sent while streaming', async () => {
    let answer = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    server.use(
      http.post(`${GEMINI}/*`, async ({ request }) => {
        calls.push(request.url);
        const number = ++answer;
        if (number === 1) await gate;
        return sse([`Answer ${number}.`]);
      }),
    );
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    const box = within(dialog).getByRole('textbox', { name: 'Your question' });
    await user.type(box, '   {Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(0);
    expect(within(dialog).getByRole('log').querySelectorAll('.chat-message')).toHaveLength(1);

    await user.clear(box);
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(await within(dialog).findByText('The assistant is typing…')).toBeInTheDocument();
    await user.type(box, 'again{Enter}');
    expect(box).toHaveValue('again');
    await waitFor(() => expect(calls).toHaveLength(1));
    release();
    expect(await within(dialog).findByText('Answer 1.')).toBeInTheDocument();
    await within(dialog).findByRole('group', { name: 'Was this answer helpful?' });
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Answer 2.')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(box).toHaveValue('');
  });

  it('renders links to the shop as buttons that navigate and close, and model HTML as text', async () => {
    replyWith(() =>
      sse([
        'See the [plans page](/buy-esim) or [this](javascript:alert(1)). ',
        '<img src=x onerror=alert(1)> <script>alert(2)</script> ',
        '[MPT](https://www.mpt.com.mm/)',
      ]),
    );
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    await user.type(within(dialog).getByRole('textbox'), 'Where can I buy?{Enter}');
    const log = within(dialog).getByRole('log');
    const external = await within(log).findByRole('link', { name: /MPT/ });
    const button = within(dialog).getByRole('button', { name: 'plans page' });
    expect(log.querySelector('img, script')).toBeNull();
    expect(log).toHaveTextContent('<img src=x onerror=alert(1)> <script>alert(2)</script>');
    expect(within(log).queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
    expect(log).toHaveTextContent('See the plans page or this.');
    expect(external).toHaveAttribute('href', 'https://www.mpt.com.mm/');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');

    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/buy-esim');
    expect(screen.getByRole('button', { name: 'Ask AI Assistant' })).toHaveFocus();
  });

  it('says the send failed when the service does not answer', async () => {
    replyWith(() => HttpResponse.json({ error: { code: 500, message: 'boom' } }, { status: 500 }));
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    await user.type(within(dialog).getByRole('textbox'), 'Hello?{Enter}');
    expect(
      await within(dialog).findByText(
        "I'm sorry, I encountered an error. Please try again or contact our support team.",
      ),
    ).toBeInTheDocument();
    // The chat is usable again.
    replyWith(() => sse(['Back again.']));
    await user.type(within(dialog).getByRole('textbox'), 'Still there?{Enter}');
    expect(await within(dialog).findByText('Back again.')).toBeInTheDocument();
  });

  it('asks to rephrase when the reply comes back empty', async () => {
    replyWith(() => sse(['']));
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    await user.type(within(dialog).getByRole('textbox'), 'Something odd{Enter}');
    expect(
      await within(dialog).findByText(
        "I'm sorry, I encountered an error. Please try again or rephrase your question.",
      ),
    ).toBeInTheDocument();
  });

  it('remembers feedback on this device and lets a vote change', async () => {
    const { user, dialog } = await openChat();
    await within(dialog).findByText(greeting);
    await user.click(within(dialog).getByRole('button', { name: 'How to contact support?' }));
    const group = await within(dialog).findByRole('group', { name: 'Was this answer helpful?' });
    await user.click(within(group).getByRole('button', { name: 'Helpful' }));
    expect(within(group).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group).getByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(readFeedbackCounts()).toEqual({ helpful: 1, notHelpful: 0 });
    await user.click(within(group).getByRole('button', { name: 'Not helpful' }));
    expect(readFeedbackCounts()).toEqual({ helpful: 0, notHelpful: 1 });
  });

  it('opens from the open-ai-chat event, and closing forgets the conversation', async () => {
    await renderWithProviders(<ChatLauncher />);
    const user = userEvent.setup();
    openAiChat();
    let dialog = await screen.findByRole('dialog', { name: 'Ask AI Assistant' });
    await within(dialog).findByText(greeting);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(within(dialog).getByRole('button', { name: 'What are your data plans?' }));
    await within(dialog).findByRole('group', { name: 'Was this answer helpful?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');

    openAiChat();
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(greeting);
    expect(
      within(dialog).queryByText('What are your data plans?', { selector: 'p' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Suggested questions' })).toBeInTheDocument();
  });

  it('speaks Burmese and asks the model for Burmese', async () => {
    const calls = replyWith(() => sse(['မင်္ဂလာပါ။']));
    const { user, dialog } = await openChat('my');
    expect(await within(dialog).findByText(/AI လက်ထောက် ဖြစ်ပါသည်/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'AI ၏ အဖြေများတွင် အမှားများ ပါဝင်နိုင်ပါသည်။ အရေးကြီးသော အချက်အလက်များကို အတည်ပြုပါ။',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'eSIM ကို ဘယ်လို အသက်သွင်းရမလဲ။' }));
    expect(await within(dialog).findByText('မင်္ဂလာပါ။')).toBeInTheDocument();
    expect(calls[0]?.body.systemInstruction?.parts[0]?.text).toContain('Reply language: Burmese');
  });

  it('converts Zawgyi to Unicode before it goes to the model', async () => {
    const calls = replyWith(() => sse(['OK.']));
    const { user, dialog } = await openChat('my');
    await within(dialog).findByText(/AI လက်ထောက် ဖြစ်ပါသည်/);
    await user.type(within(dialog).getByRole('textbox'), 'ကြၽန္ေတာ့္ဖုန္းမွာ eSIM မရိွဘူး{Enter}');
    await within(dialog).findByText('OK.');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body.contents.at(-1)?.parts[0]?.text).toBe('ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး');
    expect(within(dialog).getByText('ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး')).toBeInTheDocument();
  });

  it('draws the send button as an SVG icon named in the UI language (no ➤ character)', async () => {
    for (const [language, name] of [
      ['en', 'Send'],
      ['my', 'ပို့ရန်'],
    ] as const) {
      const { dialog } = await openChat(language);
      const send = await within(dialog).findByRole('button', { name });
      expect(send.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      expect(send.textContent).toBe(name);
      cleanup();
    }
  });

  it('on a phone its button gives way while the visitor reads down, never while the chat is open', async () => {
    useScreen('phone');
    pageOfHeight(5000);
    await renderWithProviders(<ChatLauncher />);
    const button = () => screen.getByRole('button', { name: 'Ask AI Assistant', hidden: true });
    scrollPageTo(500);
    expect(button()).toHaveAttribute('inert');
    expect(button()).toHaveClass('floating--away');
    scrollPageTo(400);
    expect(button()).not.toHaveAttribute('inert');
    scrollPageTo(900);
    expect(button()).toHaveAttribute('inert');

    // The chat opens from elsewhere (the help center's button): its button comes back and stays.
    openAiChat();
    const dialog = await screen.findByRole('dialog', { name: 'Ask AI Assistant' });
    await within(dialog).findByText(greeting);
    expect(button()).not.toHaveAttribute('inert');
    scrollPageTo(1600);
    expect(button()).not.toHaveAttribute('inert');
    expect(button()).not.toHaveClass('floating--away');
  });
});
