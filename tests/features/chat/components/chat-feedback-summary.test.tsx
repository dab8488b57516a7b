import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatFeedbackSummary } from '../../../../src/features/chat/components/chat-feedback-summary';
import { recordFeedback } from '../../../../src/features/chat/lib/feedback-store';
import { renderWithProviders } from '../../../support/render';

describe('ChatFeedbackSummary', () => {
  it('says when there is no feedback yet, then shows the counts as votes come in', async () => {
    await renderWithProviders(<ChatFeedbackSummary />, { namespaces: ['chat'] });
    expect(screen.getByRole('heading', { name: 'AI chat feedback' })).toBeInTheDocument();
    expect(screen.getByText('No feedback has been given on this device yet.')).toBeInTheDocument();
    act(() => {
      recordFeedback('helpful');
      recordFeedback('helpful');
      recordFeedback('notHelpful');
    });
    expect(screen.getByText('Helpful').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Not helpful').nextElementSibling).toHaveTextContent('1');
  });

  it('reads counts saved earlier, in Burmese', async () => {
    localStorage.setItem('esim-shop.chat-feedback', JSON.stringify({ helpful: 5, notHelpful: 0 }));
    await renderWithProviders(<ChatFeedbackSummary />, { language: 'my', namespaces: ['chat'] });
    expect(screen.getByText('အသုံးဝင်ပါသည်').nextElementSibling).toHaveTextContent('5');
  });
});
