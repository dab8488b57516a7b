import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatFeedback } from '../../../../src/features/chat/components/chat-feedback';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';

const names: Record<Language, [string, string, string]> = {
  en: ['Was this answer helpful?', 'Helpful', 'Not helpful'],
  my: ['ဤအဖြေက အသုံးဝင်ပါသလား။', 'အသုံးဝင်ပါသည်', 'အသုံးမဝင်ပါ'],
};

describe.each<Language>(['en', 'my'])('ChatFeedback in %s', (language) => {
  it('draws the thumbs as SVG icons (no emoji to show as a box) with spoken names', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ChatFeedback />, { language, namespaces: ['chat'] });
    const [question, helpful, notHelpful] = names[language];
    const group = screen.getByRole('group', { name: question });
    for (const name of [helpful, notHelpful]) {
      const button = within(group).getByRole('button', { name });
      expect(button.querySelector('svg')).not.toBeNull();
      expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    await user.click(within(group).getByRole('button', { name: notHelpful }));
    expect(within(group).getByRole('button', { name: notHelpful })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
