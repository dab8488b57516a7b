import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from '../../../src/components/ui/accordion';
import { renderWithProviders } from '../../support/render';

const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `q${i}`,
    title: `Question ${i + 1}`,
    content: <p>Answer {i + 1}</p>,
  }));

describe('Accordion', () => {
  it('starts with every item closed, each toggle a button in a heading', async () => {
    await renderWithProviders(<Accordion items={items(3)} headingLevel={2} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(screen.getByText('Answer 1')).not.toBeVisible();
  });

  it('opens and closes each item on its own', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Accordion items={items(3)} />);
    const first = screen.getByRole('button', { name: 'Question 1' });
    const third = screen.getByRole('button', { name: 'Question 3' });

    await user.click(first);
    await user.click(third);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Answer 1')).toBeVisible();
    expect(screen.getByText('Answer 3')).toBeVisible();
    expect(screen.getByText('Answer 2')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Answer 1')).not.toBeVisible();
    expect(screen.getByText('Answer 3')).toBeVisible();
  });

  it('opens with the keyboard and points aria-controls at the panel', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Accordion items={items(2)} />);
    await user.tab();
    await user.keyboard('{Enter}');
    const button = screen.getByRole('button', { name: 'Question 1' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveTextContent('Answer 1');
    // Few items: each open panel is a region named by its question.
    expect(screen.getByRole('region', { name: 'Question 1' })).toBe(panel);
  });

  it('does not make landmarks of the panels of a long list', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Accordion items={items(8)} />);
    await user.click(screen.getByRole('button', { name: 'Question 1' }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
