// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { presentFaqEntries } from '../../../../src/features/guides/lib/faq';

describe('presentFaqEntries', () => {
  it('keeps complete entries in order, trimmed', () => {
    expect(
      presentFaqEntries({
        a: { question: ' First? ', answer: 'One.' },
        b: { question: 'Second?', answer: 'Two.' },
      }),
    ).toEqual([
      { id: 'a', question: 'First?', answer: 'One.' },
      { id: 'b', question: 'Second?', answer: 'Two.' },
    ]);
  });

  it.each([
    ['a missing answer', { question: 'Q?' }],
    ['an empty answer', { question: 'Q?', answer: '  ' }],
    ['a missing question', { answer: 'A.' }],
    ['text that is not text', { question: 42, answer: ['A.'] }],
    ['no entry at all', null],
  ])('drops an entry with %s', (_label, broken) => {
    const entries = presentFaqEntries({
      a: { question: 'First?', answer: 'One.' },
      broken,
      c: { question: 'Third?', answer: 'Three.' },
    });
    expect(entries.map((entry) => entry.id)).toEqual(['a', 'c']);
  });

  it('gives nothing for something that is not a list of entries', () => {
    expect(presentFaqEntries(undefined)).toEqual([]);
    expect(presentFaqEntries('items')).toEqual([]);
  });
});
