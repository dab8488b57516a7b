import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../../src/components/ui/error-boundary';
import { StepError } from '../../../../src/features/purchase/components/step-error';
import { renderWithProviders } from '../../../support/render';

function Broken(): never {
  throw new Error('boom');
}

describe('a purchase step that fails to render', () => {
  it('is replaced by a message that keeps the order, a refresh and a Viber link naming it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithProviders(
      <>
        <p>The page around it</p>
        <ErrorBoundary
          label="A purchase step failed"
          fallback={<StepError orderNumber="#NXR-20261122-101500" />}
        >
          <Broken />
        </ErrorBoundary>
      </>,
      { namespaces: ['purchase'] },
    );
    expect(screen.getByText('The page around it')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your order #NXR-20261122-101500 is kept on this device',
    );
    expect(
      screen.getByText('#NXR-20261122-101500', { selector: '.purchase-order-number' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    const viber = screen.getByRole('link', { name: 'Get help on Viber' });
    expect(decodeURIComponent(viber.getAttribute('href') ?? '')).toContain('#NXR-20261122-101500');
    expect(logged).toHaveBeenCalledWith(
      'A purchase step failed',
      expect.any(Error),
      expect.anything(),
    );
  });

  it('speaks Burmese, and has no Viber link before an order exists', async () => {
    await renderWithProviders(<StepError orderNumber={null} />, {
      namespaces: ['purchase'],
      language: 'my',
    });
    expect(screen.getByRole('heading', { name: 'ဤအဆင့်ကို ပြသ၍ မရပါ' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
