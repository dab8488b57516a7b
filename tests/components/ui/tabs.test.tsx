import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from '../../../src/components/ui/tabs';
import { renderWithProviders } from '../../support/render';

const items = [
  { id: 'ios', label: 'iPhone', panel: <p>iPhone steps</p> },
  { id: 'android', label: 'Android', panel: <p>Android steps</p> },
  { id: 'other', label: 'Other', panel: <p>Other steps</p> },
];

describe('Tabs', () => {
  it('is a labelled tab list with the default tab selected and one tab stop', async () => {
    await renderWithProviders(<Tabs items={items} label="Choose your phone" defaultId="android" />);
    expect(screen.getByRole('tablist', { name: 'Choose your phone' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Android steps');
    expect(panel).toHaveAccessibleName('Android');
    expect(tabs[1]).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByText('iPhone steps')).not.toBeVisible();
  });

  it('moves with the arrow keys (wrapping), Home and End, selecting as it goes', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Tabs items={items} label="Phones" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'iPhone' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Android steps');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'iPhone' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'iPhone' })).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('selects a tab on click', async () => {
    await renderWithProviders(<Tabs items={items} label="Phones" />);
    await userEvent.click(screen.getByRole('tab', { name: 'Other' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Other steps');
  });
});
