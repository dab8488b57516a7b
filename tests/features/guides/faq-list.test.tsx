import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FaqList } from '../../../src/features/guides/components/faq-list';
import { MoreHelp } from '../../../src/features/guides/components/more-help';
import { OPEN_AI_CHAT_EVENT } from '../../../src/lib/events';
import { renderWithProviders } from '../../support/render';

/** SPEC §2's seventeen topics, in its order. */
const englishQuestions = [
  'What is an eSIM?',
  'How do I get an eSIM?',
  'Is my phone compatible?',
  'Can tourists use your eSIM?',
  'How fast is the data?',
  'Does my phone need to be unlocked?',
  'Can I use it alongside my own SIM?',
  'Can I top up my eSIM?',
  'Which data plans do you offer?',
  'Why do you need a screenshot of my payment?',
  'Is the AI verification safe?',
  'What if the verification fails?',
  'How are you different from other eSIM sellers?',
  'Can I make calls or send SMS?',
  'Which operator should I choose?',
  'How long does the AI verification take?',
  'Do I have to remove my current SIM card?',
];

const questions = () =>
  within(screen.getByRole('region', { name: /questions|မေးခွန်းများ/ })).getAllByRole('button');

describe('FaqList', () => {
  it('has the 17 entries in SPEC order, all closed', async () => {
    await renderWithProviders(<FaqList />, { namespaces: ['faq'] });
    const buttons = questions();
    expect(buttons.map((button) => button.textContent)).toEqual(englishQuestions);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('has the 17 entries in Burmese, all closed', async () => {
    await renderWithProviders(<FaqList />, { namespaces: ['faq'], language: 'my' });
    const buttons = questions();
    expect(buttons).toHaveLength(17);
    expect(buttons[0]).toHaveTextContent('eSIM ဆိုတာ ဘာလဲ။');
    expect(buttons[16]).toHaveTextContent('လက်ရှိ ဆင်းကတ်ကို ဖြုတ်ရပါမလား။');
    for (const button of buttons) {
      expect(button.textContent).toMatch(/[\u1000-\u109F]/);
      expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('opens and closes each entry on its own', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<FaqList />, { namespaces: ['faq'] });
    const topUp = screen.getByRole('button', { name: 'Can I top up my eSIM?' });
    const calls = screen.getByRole('button', { name: 'Can I make calls or send SMS?' });
    await user.click(topUp);
    await user.click(calls);
    expect(screen.getByText(/one-time data packages and cannot be topped up/)).toBeVisible();
    expect(screen.getByText(/data only and have no phone number/)).toBeVisible();
    await user.click(topUp);
    expect(topUp).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/one-time data packages/)).not.toBeVisible();
    expect(calls).toHaveAttribute('aria-expanded', 'true');
  });

  it('drops entries whose text is missing', async () => {
    await renderWithProviders(
      <FaqList
        entries={{
          complete: { question: 'Is this shown?', answer: 'Yes, it is.' },
          noAnswer: { question: 'Where is my answer?' },
          emptyQuestion: { question: '', answer: 'An answer without a question.' },
          alsoComplete: { question: 'And this one?', answer: 'This one too.' },
        }}
      />,
      { namespaces: ['faq'] },
    );
    expect(questions().map((button) => button.textContent)).toEqual([
      'Is this shown?',
      'And this one?',
    ]);
    expect(screen.queryByText('An answer without a question.')).toBeNull();
  });

  it('states the key facts of SPEC §1 in its answers', async () => {
    await renderWithProviders(<FaqList />, { namespaces: ['faq'] });
    const text = document.body.textContent ?? '';
    for (const fact of [
      'activate it only once you have arrived in Myanmar',
      'from 2018 onward',
      'deleted right after verification',
      'data only',
      'cannot be topped up',
      'Less than 60 seconds',
      // Issue #24: delivery as the (static) mode does it, with no time it cannot keep.
      'our staff send your eSIM QR code by email or Viber',
    ]) {
      expect(text).toContain(fact);
    }
  });
});

describe('MoreHelp', () => {
  it('opens the AI chat through the open-ai-chat event', async () => {
    const opened = vi.fn();
    window.addEventListener(OPEN_AI_CHAT_EVENT, opened);
    await renderWithProviders(<MoreHelp />, { namespaces: ['faq'] });
    await userEvent.click(screen.getByRole('button', { name: 'Ask the AI assistant' }));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener(OPEN_AI_CHAT_EVENT, opened);
    expect(screen.getByRole('link', { name: 'Or contact our team' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});
