import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../../src/lib/markdown';

describe('parseInline', () => {
  it('reads bold, italic, code and links, nested', () => {
    expect(
      parseInline('A **bold _and italic_** word, `code` and [the **plans**](/buy-esim).'),
    ).toEqual([
      { type: 'text', text: 'A ' },
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'bold ' },
          { type: 'em', children: [{ type: 'text', text: 'and italic' }] },
        ],
      },
      { type: 'text', text: ' word, ' },
      { type: 'code', text: 'code' },
      { type: 'text', text: ' and ' },
      {
        type: 'link',
        href: '/buy-esim',
        children: [
          { type: 'text', text: 'the ' },
          { type: 'strong', children: [{ type: 'text', text: 'plans' }] },
        ],
      },
      { type: 'text', text: '.' },
    ]);
  });

  it.each([
    [
      'an unclosed marker, as while a reply streams',
      'Use **Wi-Fi',
      [{ type: 'text', text: 'Use **Wi-Fi' }],
    ],
    ['a lone asterisk', '5 * 3 = 15', [{ type: 'text', text: '5 * 3 = 15' }]],
    ['underscores inside words', 'snake_case_name', [{ type: 'text', text: 'snake_case_name' }]],
    ['escaped markers', '\\*not italic\\*', [{ type: 'text', text: '*not italic*' }]],
    ['a bracket that is no link', '[note] (later)', [{ type: 'text', text: '[note] (later)' }]],
    [
      'HTML, kept as text',
      '<img src=x onerror=alert(1)>',
      [{ type: 'text', text: '<img src=x onerror=alert(1)>' }],
    ],
  ])('leaves %s as text', (_, input, expected) => {
    expect(parseInline(input)).toEqual(expected);
  });

  it('keeps a link target with parentheses and drops a title', () => {
    expect(parseInline('[wiki](https://example.com/a_(b) "Title")')).toEqual([
      {
        type: 'link',
        href: 'https://example.com/a_(b)',
        children: [{ type: 'text', text: 'wiki' }],
      },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('splits paragraphs, line breaks, lists and headings', () => {
    const blocks = parseMarkdown(
      '### Steps\nFirst line\nsecond line\n\n* one\n- two\n  continued\n\n1. first\n2) second\nAfter',
    );
    expect(blocks).toEqual([
      { type: 'heading', children: [{ type: 'text', text: 'Steps' }] },
      {
        type: 'paragraph',
        lines: [[{ type: 'text', text: 'First line' }], [{ type: 'text', text: 'second line' }]],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two continued' }]],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]],
      },
      { type: 'paragraph', lines: [[{ type: 'text', text: 'After' }]] },
    ]);
  });

  it('does not read bold at the start of a line as a bullet', () => {
    expect(parseMarkdown('**Power User** is popular')[0]).toEqual({
      type: 'paragraph',
      lines: [
        [
          { type: 'strong', children: [{ type: 'text', text: 'Power User' }] },
          { type: 'text', text: ' is popular' },
        ],
      ],
    });
  });

  it('handles Windows line ends and empty input', () => {
    expect(parseMarkdown('a\r\n\r\nb')).toHaveLength(2);
    expect(parseMarkdown('')).toEqual([]);
  });
});
