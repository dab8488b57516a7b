import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultSuccess } from '../../../../src/features/purchase/components/result-success';
import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import { apiServices } from '../../../../src/lib/services';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';
import { withOrderNumber } from './order-text';

const order: Order = {
  id: '0b6f7a52-4c1e-4d2a-8f3b-5e6d7c8b9a01',
  number: '#NXR-20261121-214501',
  planId: 'power-30',
  operatorId: 'mpt',
  contact: 'buyer@example.com',
  contactKind: 'email',
  price: 80_000,
  currency: 'MMK',
  createdAt: Date.now(),
  expiresAt: Date.now() + 600_000,
};

const renderSuccess = (language: Language = 'en', services = apiServices(undefined)) =>
  renderWithProviders(
    <ResultSuccess
      order={order}
      result={{ kind: 'nextSteps', transactionId: 'WAVE-123', verifiedAt: Date.now() }}
      focusOnMount={false}
      onBuyAnother={() => {}}
    />,
    { namespaces: ['purchase', 'delivery'], language, services },
  );

describe('the success screen', () => {
  it('asks for the order by hand when nothing else will bring it to the shop (no webhook)', async () => {
    await renderSuccess();
    expect(
      screen.getByRole('heading', { name: 'Send your order to us to receive your eSIM' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/has not reached our team automatically/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send by Viber' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send by email' })).toBeInTheDocument();
    // Staff send it once the order has arrived (issue #24: no time promised).
    expect(
      screen.getByText(
        /^Once your order reaches us \(send it below\), our staff send your eSIM QR code/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/So that nothing is missed/)).not.toBeInTheDocument();
    expect(screen.queryByText(/You do not need to send us anything/)).not.toBeInTheDocument();
  });

  it('says what happens next, without a hand-off, when the shop has the order', async () => {
    await renderSuccess('en', apiServices('https://shop.example.test'));
    expect(screen.queryByRole('link', { name: 'Send by Viber' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send by email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Send your order/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Our staff send your eSIM QR code to buyer@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/You do not need to send us anything else/)).toBeInTheDocument();
  });

  it.each([
    ['en' as const, 'Install before you fly', 'Keep the eSIM line turned off until you land'],
    ['my' as const, 'ခရီးမထွက်မီ ထည့်သွင်းပါ', 'မြန်မာနိုင်ငံသို့ မရောက်မချင်း eSIM လိုင်းကို ပိတ်ထားပါ'],
  ])('gives the checklist to follow before the flight (%s)', async (language, title, off) => {
    await renderSuccess(language);
    const checklist = screen.getByRole('region', { name: title });
    expect(checklist).toHaveTextContent(off);
    expect(checklist.querySelectorAll('li')).toHaveLength(5);
  });

  it.each([
    ['en' as const, 'eSIM install guide'],
    ['my' as const, 'eSIM ထည့်သွင်းနည်း လမ်းညွှန်'],
  ])('links the install guide (%s)', async (language, name) => {
    await renderSuccess(language);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/how-it-works');
  });

  it.each([
    [
      'en' as const,
      `Thank you! Your payment for order ${order.number} is confirmed.`,
      `Questions? Message us on Viber; your order number ${order.number} is already in the message.`,
    ],
    [
      'my' as const,
      `ကျေးဇူးတင်ပါသည်။ အော်ဒါ ${order.number} အတွက် သင့်ငွေပေးချေမှုကို အတည်ပြုပြီးပါပြီ။`,
      `မေးစရာ ရှိပါသလား။ Viber ဖြင့် ဆက်သွယ်ပါ။ သင့်အော်ဒါနံပါတ် ${order.number} ကို စာထဲတွင် ထည့်ပေးထားပါသည်။`,
    ],
  ])('keeps the order number on one line in its sentences (%s)', async (language, lead, help) => {
    await renderSuccess(language);
    expect(screen.getByText(withOrderNumber(lead, order.number))).toBeInTheDocument();
    expect(screen.getByText(withOrderNumber(help, order.number))).toBeInTheDocument();
  });
});
