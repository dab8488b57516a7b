import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EsimDelivery } from '../../../src/components/esim-install';
import type { OrderDelivery } from '../../../src/lib/delivery';
import { formatDateTime } from '../../../src/lib/i18n/format';
import { renderWithProviders } from '../../support/render';

const CODE = 'LPA:1$smdp.example.com$K2-1A2B3C-4D5E6F';
const UA = {
  ios18:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ios175:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ios16:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

const assigned = (change: Partial<OrderDelivery> = {}): OrderDelivery => ({
  state: 'assigned',
  esim: {
    iccid: '8995000000000000001',
    activationCode: CODE,
    smdpAddress: 'smdp.example.com',
    matchingId: 'K2-1A2B3C-4D5E6F',
    installState: null,
    installStateAt: null,
  },
  promisedBy: null,
  reason: null,
  email: { state: 'queued', attempts: 0 },
  ...change,
});

const show = (
  delivery: OrderDelivery,
  userAgent: string,
  language: 'en' | 'my' = 'en',
  viber?: { orderLink: string },
) =>
  renderWithProviders(
    <EsimDelivery
      delivery={delivery}
      orderNumber="#NXR-20261123-163000"
      userAgent={userAgent}
      orderLink={viber?.orderLink ?? '#/order/abc?token=t0k'}
      contactKind={viber ? 'phone' : 'email'}
    />,
    { language, namespaces: ['delivery'] },
  );

describe('the eSIM install component', () => {
  it('inside Facebook on an iPhone, leads with how to open Safari, then the QR and the codes; the install link last (issue #42)', async () => {
    const facebook =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.108;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBLC/en_US]';
    await show(assigned(), facebook);
    const apple = await screen.findByRole('link', { name: 'Install on this iPhone' });
    const notice = screen.getByRole('region', { name: "You are in Facebook's browser" });
    expect(notice).toHaveTextContent('Open in Safari');
    expect(within(notice).getByRole('textbox')).toHaveValue(
      new URL('#/order/abc?token=t0k', window.location.href).href,
    );
    const qr = screen.getByRole('img', { name: /eSIM QR code/ });
    const smdp = screen.getByLabelText('SM-DP+ address');
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(notice, qr)).toBe(true);
    expect(follows(qr, smdp)).toBe(true);
    expect(follows(smdp, apple)).toBe(true);
    expect(apple).not.toHaveClass('button--primary');
    expect(screen.getByText(/Inside this app the button may do nothing/)).toBeInTheDocument();
  });

  it('in Safari itself, offers the install link first and says nothing of apps', async () => {
    await show(assigned(), UA.ios18);
    const apple = await screen.findByRole('link', { name: 'Install on this iPhone' });
    expect(apple).toHaveClass('button--primary');
    expect(screen.queryByText(/browser/)).not.toBeInTheDocument();
  });

  it('offers an iPhone on iOS 17.5 or later the install link, carrying the URL-encoded code', async () => {
    for (const ua of [UA.ios175, UA.ios18]) {
      const { unmount } = await show(assigned(), ua);
      const link = await screen.findByRole('link', { name: 'Install on this iPhone' });
      expect(link).toHaveAttribute(
        'href',
        'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-1A2B3C-4D5E6F',
      );
      expect(screen.queryByText(/Network & internet/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('gives an older iPhone the QR code and the codes, without the link', async () => {
    await show(assigned(), UA.ios16);
    // Issue #44: an iPhone is not told its code is "to paste on Android".
    expect(await screen.findByLabelText('eSIM code (LPA)')).toHaveValue(CODE);
    expect(screen.queryByText(/Android/)).toBeNull();
    expect(await screen.findByText(/needs iOS 17\.5 or later/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Install on this iPhone' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Activation code')).toHaveValue('K2-1A2B3C-4D5E6F');
  });

  it('shows each code whole, in a field that wraps it rather than cutting it (issue #44)', async () => {
    await show(assigned(), UA.ios16);
    const lpa = await screen.findByLabelText('eSIM code (LPA)');
    // A text area wraps a long code onto more lines; a one-line input cut it at the edge.
    expect(lpa.tagName).toBe('TEXTAREA');
    expect(lpa).toHaveAttribute('readonly');
    expect(lpa).toHaveValue(CODE);
    expect(screen.getByLabelText('SM-DP+ address').tagName).toBe('TEXTAREA');
  });

  it('shows an Android phone the Settings steps and the code to paste, and no iPhone link', async () => {
    await show(assigned(), UA.android);
    const first = await screen.findByText(/^Open Settings → Network & internet → SIMs/);
    expect(within(first.closest('ol')!).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Tap Add eSIM or Download a SIM.')).toBeInTheDocument();
    expect(screen.getByLabelText('eSIM code (to paste on Android)')).toHaveValue(CODE);
    expect(screen.queryByRole('link', { name: 'Install on this iPhone' })).not.toBeInTheDocument();
  });

  it('draws the QR code with an accessible name, and the checklist to install before the flight', async () => {
    await show(assigned(), UA.desktop);
    const qr = await screen.findByRole('img', {
      name: 'eSIM QR code of order #NXR-20261123-163000',
    });
    expect(qr.getAttribute('width')).toBe('264');
    expect(screen.getByRole('button', { name: 'Save QR image (PNG)' })).toBeEnabled();
    // Install before you fly (issue #42): at home on Wi-Fi, the line off until landing, roaming
    // on arrival, never deleted; and this phone's check.
    const checklist = screen.getByRole('region', { name: 'Install before you fly' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Your phone supports eSIM and is not locked to a carrier. Check this phone',
      'Install the eSIM now, over Wi-Fi: it downloads over the internet.',
      'Keep the eSIM line turned off until you land in Myanmar.',
      'On arrival, turn the eSIM line on and turn on data roaming for it.',
      'Do not delete the eSIM: once deleted, it cannot be installed again. To stop using it, turn its line off instead.',
    ]);
    expect(within(checklist).getByRole('link', { name: 'Check this phone' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/compatibility$/),
    );
    expect(screen.getByText('We are emailing it to you now.')).toBeInTheDocument();
  });

  it('copies a code and says so in a live region', async () => {
    const user = userEvent.setup();
    await show(assigned(), UA.desktop);
    await user.click(await screen.findByRole('button', { name: 'Copy the SM-DP+ address' }));
    expect(await navigator.clipboard.readText()).toBe('smdp.example.com');
    expect(screen.getByText('Copied: SM-DP+ address.')).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Copy the eSIM code (LPA)' }));
    expect(await navigator.clipboard.readText()).toBe(CODE);
  });

  it('selects the code to copy by hand when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await show(assigned(), UA.desktop);
    await user.click(await screen.findByRole('button', { name: 'Copy the Activation code' }));
    expect(
      await screen.findByText(
        'This browser does not allow copying. The Activation code is selected: copy it by hand.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByLabelText<HTMLInputElement>('Activation code');
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).toBe(
      'K2-1A2B3C-4D5E6F',
    );
  });

  it('tells a buyer waiting for stock by when staff will send it, in their language', async () => {
    const promisedBy = Date.UTC(2026, 10, 23, 18, 30);
    const waiting = assigned({ state: 'waiting_for_stock', esim: null, promisedBy });
    const { unmount } = await show(waiting, UA.desktop);
    expect(
      screen.getByRole('heading', { name: 'Paid: your eSIM will be ready soon' }),
    ).toBeInTheDocument();
    // On Myanmar's clock, named, as the order number is (issue #44), whatever the phone's zone.
    expect(screen.getByRole('status')).toHaveTextContent('by 24 Nov 2026, 01:00 (Myanmar time)');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    unmount();

    await show(waiting, UA.desktop, 'my');
    expect(screen.getByRole('status')).toHaveTextContent(
      `မြန်မာ စံတော်ချိန် ${formatDateTime(promisedBy, 'my', { myanmar: true })}`,
    );
    expect(screen.getByRole('status').textContent).toMatch(/[\u1040-\u1049]/);
  });

  it('says a withdrawn eSIM is refunded and how to reach support', async () => {
    await show(assigned({ state: 'withdrawn', esim: null }), UA.android);
    const section = screen.getByRole('region', { name: 'This eSIM was withdrawn' });
    expect(within(section).getByText(/your payment is being refunded/)).toBeInTheDocument();
    expect(within(section).getByText(/email .+@.+ or call/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says when the email was sent, or that it is being retried', async () => {
    const { unmount } = await show(assigned({ email: { state: 'sent', attempts: 1 } }), UA.desktop);
    expect(screen.getByText('Sent to your email.')).toBeInTheDocument();
    unmount();
    await show(assigned({ email: { state: 'retrying', attempts: 3 } }), UA.desktop);
    expect(screen.getByText(/We'll email it: our mail server is busy/)).toBeInTheDocument();
  });

  // Issue #24: a Viber buyer gets nothing from the shop; the order link is their delivery.
  it('offers a Viber buyer the order link to send to their own Viber or copy, and promises no email', async () => {
    const orderLink = '#/order/abc?token=t0k';
    const absolute = new URL(orderLink, window.location.href).href;
    const { unmount } = await show(
      assigned({ email: { state: 'not_applicable', attempts: 0 } }),
      UA.android,
      'en',
      { orderLink },
    );
    const keep = screen.getByRole('region', { name: 'Keep the link to your eSIM' });
    const forward = within(keep).getByRole('link', { name: 'Send this link to my Viber' });
    const href = forward.getAttribute('href') ?? '';
    expect(href.startsWith('viber://forward?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('viber://forward?text='.length))).toBe(
      `My eSIM, order #NXR-20261123-163000: ${absolute}`,
    );
    expect(within(keep).getByRole('textbox', { name: 'Your order link' })).toHaveValue(absolute);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await userEvent.click(within(keep).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(absolute);
    expect(await within(keep).findByText('Link copied.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/e-?mail/i);
    unmount();

    // Waiting for stock: the eSIM will be on this page, not in an email.
    const promisedBy = Date.UTC(2026, 10, 23, 18, 30);
    await show(
      assigned({
        state: 'waiting_for_stock',
        esim: null,
        promisedBy,
        email: { state: 'not_applicable', attempts: 0 },
      }),
      UA.android,
      'my',
      { orderLink },
    );
    const [waitingText] = screen.getAllByRole('status');
    expect(waitingText).toHaveTextContent('ဤအော်ဒါစာမျက်နှာတွင် ပြသပေးပါမည်');
    expect(waitingText!.textContent).not.toMatch(/အီးမေးလ်/);
    expect(screen.getByRole('link', { name: 'ဤလင့်ခ်ကို ကျွန်ုပ်၏ Viber သို့ ပို့ရန်' })).toBeVisible();
  });

  it('shows an email buyer the link to come back, not the Viber offer', async () => {
    await show(assigned(), UA.desktop);
    expect(screen.queryByRole('region', { name: 'Keep the link to your eSIM' })).toBeNull();
    expect(screen.getByRole('link', { name: 'order #NXR-20261123-163000' })).toBeVisible();
  });
});

// Issue #44: a shop without a mail server sends an email buyer nothing either.
describe('the eSIM of an email buyer when no email carries it', () => {
  it('offers the order link to keep, saying no email is sent, and promises none', async () => {
    await show(assigned({ email: { state: 'not_applicable', attempts: 0 } }), UA.desktop);
    const keep = screen.getByRole('region', { name: 'Keep the link to your eSIM' });
    expect(within(keep).getByText(/This shop sends no email for this order/)).toBeVisible();
    expect(screen.queryByText(/We are emailing it|Sent to your email/)).toBeNull();
  });

  it('tells an email buyer waiting for stock it comes to this page, when the server sends no email', async () => {
    const renderWaiting = (emailDelivery: boolean) =>
      renderWithProviders(
        <EsimDelivery
          delivery={assigned({ state: 'waiting_for_stock', esim: null, promisedBy: null })}
          orderNumber="#NXR-20261123-163000"
          userAgent={UA.desktop}
          orderLink="#/order/abc?token=t0k"
          contactKind="email"
          emailDelivery={emailDelivery}
        />,
        { language: 'en', namespaces: ['delivery'] },
      );
    const { unmount } = await renderWaiting(false);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(/put your eSIM on this order page/);
    expect(screen.getAllByRole('status')[0]!.textContent).not.toMatch(/email/i);
    unmount();
    await renderWaiting(true);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(/email your eSIM/);
  });
});
