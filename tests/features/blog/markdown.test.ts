import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../../../src/features/blog/lib/markdown';

describe('parseInline', () => {
  it('finds bold and italic runs', () => {
    expect(parseInline('A **bold** and *italic* word')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'strong', text: 'bold' },
      { kind: 'text', text: ' and ' },
      { kind: 'em', text: 'italic' },
      { kind: 'text', text: ' word' },
    ]);
  });

  it('leaves markup-looking text as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> 5 * 3')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> 5 * 3' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    const source = [
      'First line',
      'continues here.',
      '',
      '## Steps',
      '1. one',
      '2. **two**',
      '',
      '- a',
      '- b',
      'After.',
    ].join('\n');
    expect(parseMarkdown(source)).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'First line continues here.' }] },
      { kind: 'heading', inlines: [{ kind: 'text', text: 'Steps' }] },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'strong', text: 'two' }]],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]],
      },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'After.' }] },
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(parseMarkdown('\n\n')).toEqual([]);
  });
});
