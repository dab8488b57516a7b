import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerGroups } from '../../../src/features/guides/components/partner-groups';
import { renderWithProviders } from '../../support/render';

const members = (groupName: string) =>
  within(screen.getByRole('region', { name: groupName }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.partner__name')?.textContent);

describe('PartnerGroups', () => {
  it('lists the four groups and their members exactly as SPEC does', async () => {
    await renderWithProviders(<PartnerGroups />, { namespaces: ['partners'] });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Telecom operators',
      'Financial institutions',
      'Payment partners',
      'Digital marketing',
    ]);
    expect(members('Telecom operators')).toEqual(['ATOM', 'Mytel', 'MPT', 'Ooredoo']);
    expect(members('Financial institutions')).toEqual([
      'AYA Bank',
      'UAB Bank',
      'KBZ Bank',
      'CB Bank',
    ]);
    expect(members('Payment partners')).toEqual(['WavePay', 'AYA Pay', 'UAB Pay', 'KBZPay']);
    expect(members('Digital marketing')).toEqual(['Our digital marketing agency']);
  });

  it('has the same four groups in Burmese, brand names unchanged', async () => {
    await renderWithProviders(<PartnerGroups />, { namespaces: ['partners'], language: 'my' });
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(4);
    expect(members('ဆက်သွယ်ရေး အော်ပရေတာများ')).toEqual(['ATOM', 'Mytel', 'MPT', 'Ooredoo']);
    expect(members('ငွေပေးချေမှု မိတ်ဖက်များ')).toEqual(['WavePay', 'AYA Pay', 'UAB Pay', 'KBZPay']);
    expect(members('ဒစ်ဂျစ်တယ် မားကတ်တင်း')).toHaveLength(1);
  });
});
