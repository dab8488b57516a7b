import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentQr } from '../../../../src/features/purchase/components/payment-qr';
import { WalletInstructions } from '../../../../src/features/purchase/components/wallet-instructions';
import type { Order } from '../../../../src/features/purchase/lib/purchase-machine';
import type { Language } from '../../../../src/lib/i18n/languages';
import { renderWithProviders } from '../../../support/render';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

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

const LABEL = 'MMQR payment code for order #NXR-20261121-214501, 80,000 MMK';

/** The QR once drawn as a PNG (an SVG shows it until then). */
const pngQr = () =>
  waitFor(() => {
    const image = screen.getByRole('img', { name: LABEL });
    expect(image.tagName).toBe('IMG');
    return image;
  });

/** A browser whose canvas draws (jsdom's has no 2D context) into a PNG blob. */
function drawingCanvas() {
  const context = { fillRect: () => {}, fillText: () => {} } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    (() => context) as unknown as HTMLCanvasElement['getContext'],
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
  );
}

function device(agent: string, share?: { canShare: boolean; share: () => Promise<void> }) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
  if (share) {
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: vi.fn(() => share.canShare),
    });
    Object.defineProperty(navigator, 'share', { configurable: true, value: vi.fn(share.share) });
  }
}

/** Clicks on download links, with the name each would save. */
function downloads() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}

const renderQr = (language: Language = 'en') =>
  renderWithProviders(<PaymentQr order={order} amountLabel="80,000 MMK" />, {
    namespaces: ['purchase'],
    language,
  });

describe('the payment QR', () => {
  beforeEach(() => drawingCanvas());
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'canShare');
    Reflect.deleteProperty(navigator, 'share');
  });

  it('is a PNG image the buyer can press and hold to save, named for screen readers', async () => {
    device(DESKTOP);
    await renderQr();
    const image = await pngQr();
    expect(image).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(image).toHaveAttribute('width', '200');
  });

  it('opens the share sheet with the PNG file on an iPhone, and downloads nothing', async () => {
    const share = vi.fn(() => Promise.resolve());
    device(IPHONE, { canShare: true, share });
    const saved = downloads();
    await renderQr();
    await pngQr();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save QR' }));
    expect(navigator.share).toHaveBeenCalledOnce();
    const shared = vi.mocked(navigator.share).mock.calls[0]?.[0];
    const file = shared?.files?.[0];
    expect(file?.name).toBe('NXR-20261121-214501-mmqr.png');
    expect(file?.type).toBe('image/png');
    expect(saved).toEqual([]);
  });

  it('does nothing more when the buyer closes the share sheet', async () => {
    device(IPHONE, {
      canShare: true,
      share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
    });
    const saved = downloads();
    await renderQr();
    await pngQr();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save QR' }));
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['an iPhone that cannot share files', IPHONE, false],
    ['Android, even when it can share', ANDROID, true],
    ['a computer', DESKTOP, true],
  ])('downloads the PNG on %s', async (_name, agent, canShare) => {
    device(agent, { canShare, share: () => Promise.resolve() });
    const saved = downloads();
    await renderQr();
    await pngQr();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save QR' }));
    expect(saved).toEqual(['NXR-20261121-214501-mmqr.png']);
    expect(navigator.share).not.toHaveBeenCalled();
  });

  it('downloads when sharing fails for another reason', async () => {
    device(IPHONE, {
      canShare: true,
      share: () => Promise.reject(new DOMException('No gesture', 'NotAllowedError')),
    });
    const saved = downloads();
    await renderQr();
    await pngQr();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save QR' }));
    expect(saved).toEqual(['NXR-20261121-214501-mmqr.png']);
  });
});

describe('the wallet instructions', () => {
  afterEach(() => vi.restoreAllMocks());

  const renderInstructions = (language: Language = 'en') =>
    renderWithProviders(<WalletInstructions amount="80,000 MMK" />, {
      namespaces: ['purchase'],
      language,
    });

  it.each([
    [IPHONE, /Save Image.*pick the QR from Photos/],
    [ANDROID, /save the image to Downloads or your Gallery/],
    [DESKTOP, /Open KBZPay or WavePay on your phone, tap Scan and point the camera/],
  ])('words saving the code for the platform (%s)', async (agent, text) => {
    device(agent);
    await renderInstructions();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(/Photos|Downloads|on your phone, tap Scan/)).toHaveLength(1);
  });

  // Issue #44: the one-phone advice is for every wallet, not a step of the last, collapsed one.
  it('puts the advice for paying on this phone before the wallets, outside their boxes', async () => {
    device(IPHONE);
    await renderInstructions();
    const advice = screen.getByText(/pick the QR from Photos/);
    expect(advice.closest('details')).toBeNull();
    const firstWallet = document.querySelector('details')!;
    expect(advice.compareDocumentPosition(firstWallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('says it in Burmese', async () => {
    device(IPHONE);
    await renderInstructions('my');
    expect(screen.getByText(/Photos ထဲရှိ QR ပုံကို ရွေးပါ/)).toBeInTheDocument();
  });
});
