import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from '../../../src/features/blog/components/markdown-content';

describe('MarkdownContent', () => {
  it('renders sections as h3, both kinds of list, emphasis, and runs a paragraph’s lines on', () => {
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
      'After.',
    ].join('\n');
    const { container } = render(<MarkdownContent source={source} />);
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

  it('shows markup-looking text as text, never as elements', () => {
    const { container } = render(
      <MarkdownContent source={'<img src=x onerror=alert(1)> 5 * 3 [link](javascript:alert(1))'} />,
    );
    expect(container.querySelector('img, a, script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> 5 * 3 link');
  });
});
