import { describe, expect, it, vi } from 'vitest';
import {
  FEEDBACK_STORAGE_KEY,
  parseFeedback,
  readFeedbackCounts,
  recordFeedback,
  subscribeFeedback,
} from '../../../../src/features/chat/lib/feedback-store';

describe('chat feedback store', () => {
  it('counts votes in localStorage and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeFeedback(listener);
    expect(readFeedbackCounts()).toEqual({ helpful: 0, notHelpful: 0 });
    recordFeedback('helpful');
    recordFeedback('helpful');
    recordFeedback('notHelpful');
    expect(readFeedbackCounts()).toEqual({ helpful: 2, notHelpful: 1 });
    expect(JSON.parse(localStorage.getItem(FEEDBACK_STORAGE_KEY) ?? '')).toEqual({
      helpful: 2,
      notHelpful: 1,
    });
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    recordFeedback('helpful');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('moves a changed vote instead of counting it twice', () => {
    recordFeedback('helpful');
    expect(recordFeedback('notHelpful', 'helpful')).toEqual({ helpful: 0, notHelpful: 1 });
    expect(recordFeedback('notHelpful', 'notHelpful')).toEqual({ helpful: 0, notHelpful: 1 });
  });

  it.each([
    ['', { helpful: 0, notHelpful: 0 }],
    ['not json', { helpful: 0, notHelpful: 0 }],
    ['null', { helpful: 0, notHelpful: 0 }],
    ['{"helpful":-3,"notHelpful":"7"}', { helpful: 0, notHelpful: 0 }],
    ['{"helpful":4.7,"notHelpful":2}', { helpful: 4, notHelpful: 2 }],
  ])('reads %j safely', (stored, expected) => {
    expect(parseFeedback(stored)).toEqual(expected);
  });
});
