import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findPlan } from '#domain/catalogue';
import { BuyerFacts } from '../../../../src/features/purchase/components/buyer-facts';
import { PlanCard } from '../../../../src/features/purchase/components/plan-card';
import { renderWithProviders } from '../../../support/render';

const power = findPlan('power-30')!;
const business = findPlan('business-30')!;
const rate = { mmkPerUsd: 4200, asOf: '2026-11-20' };

describe('PlanCard', () => {
  it('shows the approximate dollar price from the configured rate, with the rate and its date', async () => {
    await renderWithProviders(<PlanCard plan={power} onChoose={() => {}} usdRate={rate} />, {
      namespaces: ['purchase'],
    });
    const card = screen.getByRole('article', { name: 'Power User' });
    expect(within(card).getByText('80,000 MMK')).toBeInTheDocument();
    expect(within(card).getByText('≈ US$19 at 4,200 MMK/US$ on 2026-11-20')).toBeInTheDocument();
  });

  it('says it in Burmese with Myanmar digits and a Burmese date', async () => {
    await renderWithProviders(<PlanCard plan={power} onChoose={() => {}} usdRate={rate} />, {
      namespaces: ['purchase'],
      language: 'my',
    });
    expect(
      screen.getByText('≈ US$၁၉ (၂၀၂၆ နိုဝင်ဘာ ၂၀ ရက်နေ့ ငွေလဲနှုန်း ၁ US$ = ၄,၂၀၀ ကျပ်)'),
    ).toBeInTheDocument();
  });

  it('shows no dollar price when no rate is configured', async () => {
    await renderWithProviders(<PlanCard plan={power} onChoose={() => {}} usdRate={null} />, {
      namespaces: ['purchase'],
    });
    expect(screen.queryByText(/US\$/)).toBeNull();
  });

  it('lets an available plan be chosen', async () => {
    const onChoose = vi.fn();
    await renderWithProviders(<PlanCard plan={power} onChoose={onChoose} usdRate={null} />, {
      namespaces: ['purchase'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Buy Power User' }));
    expect(onChoose).toHaveBeenCalledWith('power-30');
  });

  it.each([
    ['en', 'Business Pro', 'Coming soon', 'Not on sale yet'],
    ['my', 'လုပ်ငန်းသုံး', 'မကြာမီ ရရှိနိုင်မည်', 'ယခု မရောင်းသေးပါ'],
  ] as const)(
    'gives a coming-soon plan its badge and a plain note, no button at all (%s)',
    async (language, name, badge, note) => {
      await renderWithProviders(<PlanCard plan={business} onChoose={() => {}} />, {
        namespaces: ['purchase'],
        language,
      });
      const card = screen.getByRole('article', { name });
      expect(within(card).getByText(badge)).toBeInTheDocument();
      expect(within(card).getByText(note).tagName).toBe('P');
      expect(within(card).queryByRole('button')).toBeNull();
    },
  );
});

describe('BuyerFacts', () => {
  it.each([
    [
      'en',
      'Before you buy',
      /Myanmar wallet or bank app that scans MMQR: KBZPay, WavePay, AYA Pay, CB Pay, UAB Pay/,
      /only an email address or a Viber number.*no account to open, and no name, passport or ID card/,
    ],
    [
      'my',
      'မဝယ်မီ သိထားရန်',
      /မြန်မာ ဝေါလက် သို့မဟုတ် ဘဏ်အက်ပ်.*KBZPay၊ WavePay၊ AYA Pay၊ CB Pay၊ UAB Pay/,
      /Viber နံပါတ်တစ်ခုသာ.*မှတ်ပုံတင်ကတ် ပေးရန် မလိုပါ/,
    ],
  ] as const)(
    'says who can pay and what the buyer provides (%s)',
    async (language, label, pay, id) => {
      await renderWithProviders(<BuyerFacts usdRate={rate} />, {
        namespaces: ['purchase'],
        language,
      });
      const facts = screen.getByRole('complementary', { name: label });
      const items = within(facts).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent(pay);
      expect(items[1]).toHaveTextContent(id);
    },
  );

  // Issue #44: what is said of bank cards follows the ways to pay on offer.
  it('says bank cards are not accepted only while no method on offer takes one', async () => {
    const { unmount } = await renderWithProviders(<BuyerFacts usdRate={null} />, {
      namespaces: ['purchase'],
    });
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/Bank cards are not accepted\.$/);
    unmount();
    await renderWithProviders(
      <BuyerFacts
        usdRate={null}
        methods={[
          { id: 'mmqr', card: false },
          { id: 'visa', card: true },
        ]}
      />,
      { namespaces: ['purchase'] },
    );
    expect(screen.getAllByRole('listitem')[0]).not.toHaveTextContent(/card/i);
  });

  it('says dollar prices are approximate only when they are shown', async () => {
    await renderWithProviders(<BuyerFacts usdRate={null} />, { namespaces: ['purchase'] });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/Dollar prices/)).toBeNull();
  });
});
