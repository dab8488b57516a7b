import { describe, expect, it } from 'vitest';
import { burmeseLongDate, formatLongDate, isoDate } from '../../../src/lib/i18n/format';
import { linkPieces, toLegalBlocks } from '../../../src/features/legal/lib/legal-blocks';

describe('toLegalBlocks', () => {
  it('groups consecutive "- " lines into one list between paragraphs', () => {
    expect(toLegalBlocks(['Intro:', '- one', '- two', 'Outro.', '- three'])).toEqual([
      { kind: 'paragraph', text: 'Intro:' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Outro.' },
      { kind: 'list', items: ['three'] },
    ]);
  });

  it('keeps a hyphen inside a sentence as text', () => {
    expect(toLegalBlocks(['Refunds take 7-10 business days.'])).toEqual([
      { kind: 'paragraph', text: 'Refunds take 7-10 business days.' },
    ]);
  });
});

describe('linkPieces', () => {
  const links = [
    { text: 'help@shop.example', href: 'mailto:help@shop.example' },
    { text: '+95 9 1', href: 'tel:+9591' },
  ];

  it('cuts out every occurrence of a contact', () => {
    expect(linkPieces('Write to help@shop.example or call +95 9 1.', links)).toEqual([
      { text: 'Write to ' },
      { text: 'help@shop.example', href: 'mailto:help@shop.example' },
      { text: ' or call ' },
      { text: '+95 9 1', href: 'tel:+9591' },
      { text: '.' },
    ]);
  });

  it('returns the text unchanged when nothing matches', () => {
    expect(linkPieces('No contact here.', links)).toEqual([{ text: 'No contact here.' }]);
    expect(linkPieces('Text', [])).toEqual([{ text: 'Text' }]);
  });
});

describe('formatLongDate', () => {
  const date = new Date(2026, 10, 21, 15, 30);

  it('writes the date for the UI language', () => {
    expect(formatLongDate(date, 'en')).toBe('21 November 2026');
    expect(formatLongDate(date, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၁');
    expect(isoDate(date)).toBe('2026-11-21');
  });

  it('writes Burmese by hand exactly as Intl does where Intl knows Burmese', () => {
    for (let month = 0; month < 12; month += 1) {
      const day = new Date(2025, month, month + 3);
      const intl = new Intl.DateTimeFormat('my-MM', { dateStyle: 'long' }).format(day);
      expect(burmeseLongDate(2025, month, month + 3)).toBe(intl);
    }
  });
});
