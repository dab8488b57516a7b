import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OperatorStep } from '../../../../src/features/purchase/components/operator-step';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';

async function renderStep(language: Language = 'en') {
  const onChoose = vi.fn();
  await renderWithProviders(
    <OperatorStep planId="power-30" focusOnMount={false} onChoose={onChoose} onBack={() => {}} />,
    { namespaces: ['purchase'], language },
  );
  return onChoose;
}

describe('the operator step', () => {
  it('leads each operator with plain guidance, marks the tourists’ default, codes last', async () => {
    const onChoose = await renderStep();
    const mpt = screen.getByRole('button', { name: 'MPT' });
    expect(mpt).toHaveAccessibleDescription(
      /^Recommended for tourists Myanmar's longest-running network, with the widest coverage.* GSMA code: MCC 414 · MNC 01 · Networks: 4G, 3G$/,
    );
    for (const name of ['ATOM', 'Ooredoo', 'Mytel']) {
      const button = screen.getByRole('button', { name });
      expect(button).not.toHaveAccessibleDescription(/Recommended/);
      expect(button).toHaveAccessibleDescription(/^(Strong|Good) .*\. GSMA code: MCC 414/);
    }
    expect(screen.getAllByText('Recommended for tourists')).toHaveLength(1);
    expect(screen.getByText(/Not sure\? Choose MPT/)).toBeInTheDocument();
    await userEvent.setup().click(mpt);
    expect(onChoose).toHaveBeenCalledWith('mpt');
  });

  it('gives the guidance in Burmese', async () => {
    await renderStep('my');
    expect(screen.getByRole('button', { name: 'MPT' })).toHaveAccessibleDescription(
      /^ခရီးသွားများအတွက် အကြံပြုထားသည် မြန်မာနိုင်ငံ၏ သက်တမ်းအရင့်ဆုံး ကွန်ရက်/,
    );
    expect(screen.getByText(/မသေချာပါက MPT ကို ရွေးပါ/)).toBeInTheDocument();
  });
});
