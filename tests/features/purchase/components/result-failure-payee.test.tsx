import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultFailure } from '../../../../src/features/purchase/components/result-failure';
import type { FailureReason } from '#domain/receipt-rules';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';
import { order } from '../lib/fixtures';

const renderFailure = (reason: FailureReason, language: Language = 'en') =>
  renderWithProviders(
    <ResultFailure
      order={order}
      result={{ kind: 'refused', reason, reusedOn: 'device' }}
      focusOnMount={false}
      onTryAgain={() => {}}
      onStartOver={() => {}}
    />,
    { namespaces: ['purchase'], language },
  );

/** Issue #23 item 1: the payee and reference refusals say what to do, in both languages. */
describe('the payee and reference refusals', () => {
  it('names the payee read and asks for the order’s MMQR code, not a personal account', async () => {
    await renderFailure({ code: 'payee', payee: 'Ko Aung' });
    const text = screen.getByText(/This receipt shows a payment to “Ko Aung”, not to eSIM Myanmar/);
    expect(text).toHaveTextContent("Pay with this order's MMQR code");
    expect(text).toHaveTextContent('not a personal account');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says a personal transfer that names nobody is not a payment to the shop', async () => {
    await renderFailure({ code: 'payee', payee: '' });
    expect(
      screen.getByText(/This receipt shows a transfer to a personal account, not a payment to/),
    ).toBeInTheDocument();
  });

  it('names both orders when the receipt is for another one', async () => {
    await renderFailure({ code: 'reference', reference: '#NXR-20261121-213000' });
    const reason = screen.getByTestId('failure-reason');
    expect(reason).toHaveTextContent(
      `This receipt is for another order (#NXR-20261121-213000), not for this one (${order.number}). Please upload the receipt of the payment you made with this order's MMQR code.`,
    );
    // Each number on one line (never broken at a hyphen).
    expect(
      Array.from(reason.querySelectorAll('.purchase-order-number'), (span) => span.textContent),
    ).toEqual(['#NXR-20261121-213000', order.number]);
  });

  it('speaks Burmese', async () => {
    await renderFailure({ code: 'payee', payee: 'Ko Aung' }, 'my');
    expect(screen.getByText(/“Ko Aung” ထံ ငွေပေးချေထားကြောင်း/)).toHaveTextContent('MMQR ကုဒ်');
  });

  it('tells a buyer over the receipt limit how long to wait (issue #23 item 4)', async () => {
    await renderFailure({ code: 'tooManyAttempts', retryAfterSeconds: 540 });
    expect(screen.getByTestId('failure-reason')).toHaveTextContent(
      'Too many receipts were sent for this order in a short time. Please wait 9 min',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says it in Burmese with Myanmar digits', async () => {
    await renderFailure({ code: 'tooManyAttempts', retryAfterSeconds: 540 }, 'my');
    expect(screen.getByTestId('failure-reason')).toHaveTextContent('၉ မိနစ် စောင့်ပြီးမှ');
  });
});
