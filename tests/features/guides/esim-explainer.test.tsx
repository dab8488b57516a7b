import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EsimExplainer } from '../../../src/features/guides/components/esim-explainer';
import { renderWithProviders } from '../../support/render';

describe('EsimExplainer', () => {
  it.each([
    [
      'en',
      {
        intro: 'The SIM card, without the card',
        how: 'How it works',
        advantages: 'Five advantages of an eSIM',
        table: 'eSIM compared with a physical SIM card',
        dual: 'Dual SIM: your number and our data',
        unlocked: 'Your phone must be unlocked',
        columns: ['Feature', 'eSIM', 'Physical SIM'],
        check: 'Check my phone',
      },
    ],
    [
      'my',
      {
        intro: 'ကတ်မပါသော ဆင်းကတ်',
        how: 'အလုပ်လုပ်ပုံ',
        advantages: 'eSIM ၏ အားသာချက် ငါးခု',
        table: 'eSIM နှင့် ရိုးရိုးဆင်းကတ် နှိုင်းယှဉ်ချက်',
        dual: 'Dual SIM - သင့်နံပါတ်နှင့် ကျွန်ုပ်တို့၏ ဒေတာ',
        unlocked: 'သင့်ဖုန်းကို လော့ခ်ဖွင့်ထားရပါမည်',
        columns: ['အချက်', 'eSIM', 'ရိုးရိုးဆင်းကတ်'],
        check: 'ဖုန်းကို စစ်ဆေးရန်',
      },
    ],
  ] as const)(
    'has every section, 5 advantages and 4 comparison rows (%s)',
    async (language, text) => {
      await renderWithProviders(<EsimExplainer />, { namespaces: ['guide'], language });
      expect(screen.getByRole('region', { name: text.intro })).toBeInTheDocument();
      const how = screen.getByRole('region', { name: text.how });
      expect(within(how).getAllByRole('listitem')).toHaveLength(4);

      const advantages = screen.getByRole('region', { name: text.advantages });
      expect(within(advantages).getAllByRole('listitem')).toHaveLength(5);

      const table = screen.getByRole('table', { name: text.table });
      const [head, ...rows] = within(table).getAllByRole('row');
      expect(
        within(head as HTMLElement)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(text.columns);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(within(row).getAllByRole('rowheader')).toHaveLength(1);
        expect(within(row).getAllByRole('cell')).toHaveLength(2);
      }

      expect(screen.getByRole('region', { name: text.dual })).toBeInTheDocument();
      const unlocked = screen.getByRole('region', { name: text.unlocked });
      expect(within(unlocked).getByRole('link', { name: text.check })).toHaveAttribute(
        'href',
        '/compatibility',
      );
    },
  );

  it('says plans are data only and phones from 2018 mostly work', async () => {
    await renderWithProviders(<EsimExplainer />, { namespaces: ['guide'] });
    expect(screen.getByRole('region', { name: /Dual SIM/ })).toHaveTextContent('data only');
    expect(screen.getByRole('region', { name: /unlocked/ })).toHaveTextContent(
      'Most phones made from 2018 onward support eSIM',
    );
  });
});
