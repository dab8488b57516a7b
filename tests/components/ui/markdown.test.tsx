import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/ui/markdown';

describe('Markdown', () => {
  it('as an article: sections as h3, both kinds of list, emphasis, a paragraph’s lines run on', () => {
    const source = [
      'First line',
      'continues *here*.',
      '',
      '## Steps',
      '1. one',
      '2. **two**',
      '',
      '- a',
      '- b',
      '',
      'After.',
    ].join('\n');
    const { container } = render(<Markdown source={source} heading="h3" lines="run-on" />);
    expect(screen.getByRole('heading', { level: 3, name: 'Steps' })).toBeInTheDocument();
    const paragraphs = container.querySelectorAll('p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      'First line continues here.',
      'After.',
    ]);
    expect(paragraphs[0]?.querySelector('em')).toHaveTextContent('here');
    const [ordered, bullets] = screen.getAllByRole('list');
    expect(ordered?.tagName).toBe('OL');
    expect(ordered?.querySelector('strong')).toHaveTextContent('two');
    expect(bullets?.tagName).toBe('UL');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'one',
      'two',
      'a',
      'b',
    ]);
  });

  it('as a chat reply: headings as bold lines, lines kept as line breaks, links as the caller says', () => {
    const { container } = render(
      <Markdown
        source={'# Plans\nFirst line\nsecond [line](/buy-esim)'}
        heading="bold-line"
        lines="break"
        renderLink={(link, children, key) => (
          <a key={key} href={`#${link.href}`}>
            {children}
          </a>
        )}
      />,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    const [heading, paragraph] = container.querySelectorAll('p');
    expect(heading?.querySelector('strong')).toHaveTextContent('Plans');
    expect(paragraph?.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'line' })).toHaveAttribute('href', '#/buy-esim');
  });

  it('renders a reply with a nested numbered list, a fenced code block and an <img onerror> tag', () => {
    const source = [
      '1. a',
      '   - b',
      '2. c',
      '',
      '```',
      'Settings > Cellular',
      '```',
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    const { container } = render(<Markdown source={source} heading="bold-line" lines="break" />);
    const ordered = container.querySelector('ol');
    const items = ordered?.querySelectorAll(':scope > li') ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]?.firstChild?.textContent).toBe('a');
    expect(items[0]?.querySelector('ul > li')).toHaveTextContent('b');
    expect(items[1]).toHaveTextContent('c');
    // Numbered 1 and 2 by one list: no `start` needed, and no second list that restarts at 1.
    expect(container.querySelectorAll('ol')).toHaveLength(1);
    expect(ordered).not.toHaveAttribute('start');
    expect(container.querySelector('pre > code')).toHaveTextContent('Settings > Cellular');
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('keeps the number a list starts at', () => {
    const { container } = render(
      <Markdown source={'3. three\n4. four'} heading="h3" lines="run-on" />,
    );
    expect(container.querySelector('ol')).toHaveAttribute('start', '3');
  });

  it('shows markup-looking text as text, never as elements; links are only words by default', () => {
    const { container } = render(
      <Markdown
        source={'<img src=x onerror=alert(1)> 5 * 3 [link](javascript:alert(1))'}
        heading="h3"
        lines="run-on"
      />,
    );
    expect(container.querySelector('img, a, script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> 5 * 3 link');
  });
});
