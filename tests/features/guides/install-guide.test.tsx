import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstallGuide, InstallNotes } from '../../../src/features/guides/components/install-guide';
import { renderWithProviders } from '../../support/render';

const steps = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem');
const titles = () =>
  steps().map((step) => within(step).getByRole('heading', { level: 2 }).textContent);

describe('InstallGuide', () => {
  it('shows iOS first, with four numbered steps, then Android with four', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<InstallGuide />, { namespaces: ['guide'] });
    expect(screen.getByRole('tablist', { name: 'Choose your phone' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'iPhone (iOS)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('list', { name: 'Installation steps for iPhone (iOS)' }).tagName).toBe(
      'OL',
    );
    expect(titles()).toEqual([
      'Connect to Wi-Fi',
      'Open the eSIM setup',
      'Scan your QR code',
      'Name it and turn it on',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Android' }));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Android');
    expect(titles()).toEqual([
      'Connect to Wi-Fi',
      'Open the SIM settings',
      'Scan your QR code',
      'Switch it on for data',
    ]);
  });

  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<InstallGuide />, { namespaces: ['guide'] });
    await user.click(screen.getByRole('tab', { name: 'iPhone (iOS)' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('SIM manager');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'iPhone (iOS)' })).toHaveFocus();
  });

  it('has four steps per tab in Burmese too', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<InstallGuide />, { namespaces: ['guide'], language: 'my' });
    expect(screen.getByRole('tablist', { name: 'သင့်ဖုန်းကို ရွေးပါ' })).toBeInTheDocument();
    expect(steps()).toHaveLength(4);
    expect(titles()[0]).toBe('Wi-Fi နှင့် ချိတ်ဆက်ပါ');
    await user.click(screen.getByRole('tab', { name: 'Android' }));
    expect(steps()).toHaveLength(4);
    for (const title of titles()) expect(title).toMatch(/[\u1000-\u109F]/);
  });
});

describe('InstallNotes', () => {
  it.each([
    ['en', ['Activate only on arrival', 'Wi-Fi is needed to install', 'Deleting is irreversible']],
    ['my', ['မြန်မာနိုင်ငံ ရောက်မှသာ အသက်သွင်းပါ', 'ထည့်သွင်းရန် Wi-Fi လိုအပ်သည်', 'ဖျက်ပြီးလျှင် ပြန်ယူ၍ မရပါ']],
  ] as const)('has the three important notes (%s)', async (language, notes) => {
    await renderWithProviders(<InstallNotes />, { namespaces: ['guide'], language });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(notes);
  });
});
