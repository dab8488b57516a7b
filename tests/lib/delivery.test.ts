import { describe, expect, it } from 'vitest';
import { detectInstallPlatform } from '../../src/components/esim-install/install-platform';
import { appleInstallUrl, deliveryInProgress, readDelivery } from '../../src/lib/delivery';

const esim = {
  iccid: '8995000000000000001',
  activationCode: 'LPA:1$smdp.example.com$K2-1A2B3C',
  smdpAddress: 'smdp.example.com',
  matchingId: 'K2-1A2B3C',
};
const email = { state: 'sent', attempts: 1 };

describe('readDelivery', () => {
  it('reads an assigned eSIM', () => {
    expect(readDelivery({ state: 'assigned', esim, promisedBy: null, email })).toEqual({
      state: 'assigned',
      esim: { ...esim, installState: null, installStateAt: null },
      promisedBy: null,
      reason: null,
      email: { state: 'sent', attempts: 1 },
    });
  });

  it('reads a held order: its reason and about when the bank confirms (issue #23)', () => {
    expect(
      readDelivery({
        state: 'held',
        esim: null,
        promisedBy: 7,
        reason: 'awaiting_bank_confirmation',
        email,
      }),
    ).toMatchObject({
      state: 'held',
      esim: null,
      promisedBy: 7,
      reason: 'awaiting_bank_confirmation',
    });
  });

  it.each([
    ['no delivery', undefined],
    ['an unknown state', { state: 'lost', esim, promisedBy: null, email }],
    [
      'an assigned state without an eSIM',
      { state: 'assigned', esim: null, promisedBy: null, email },
    ],
    [
      'a delivered eSIM without its code',
      { state: 'delivered', esim: { ...esim, activationCode: '' }, email },
    ],
  ])('refuses %s', (_label, value) => {
    expect(readDelivery(value)).toBeNull();
  });

  it('reads the install state of an eSIM from the SM-DP+, and a delivery being prepared', () => {
    const installed = { ...esim, installState: 'installed', installStateAt: 1_700_000_000_000 };
    expect(readDelivery({ state: 'delivered', esim: installed, promisedBy: null, email })).toEqual(
      expect.objectContaining({ esim: installed }),
    );
    const odd = { ...esim, installState: 'halfway', installStateAt: 'soon' };
    expect(readDelivery({ state: 'delivered', esim: odd, email })?.esim).toMatchObject({
      installState: null,
      installStateAt: null,
    });
    expect(readDelivery({ state: 'provisioning', esim: null, promisedBy: null, email })).toEqual(
      expect.objectContaining({ state: 'provisioning', esim: null }),
    );
  });

  it('asks again while the eSIM is prepared or the phone has not finished installing it', () => {
    const delivery = (state: string, installState: string | null) =>
      readDelivery({
        state,
        esim: state === 'provisioning' ? null : { ...esim, installState },
        email,
      });
    expect(deliveryInProgress(delivery('provisioning', null))).toBe(true);
    expect(deliveryInProgress(delivery('delivered', 'released'))).toBe(true);
    expect(deliveryInProgress(delivery('delivered', 'downloaded'))).toBe(true);
    for (const done of ['installed', 'failed', 'deleted', null]) {
      expect(deliveryInProgress(delivery('delivered', done))).toBe(false);
    }
    expect(deliveryInProgress(null)).toBe(false);
  });

  it('keeps the promised time of a wait and never an eSIM of a withdrawn order', () => {
    expect(
      readDelivery({ state: 'waiting_for_stock', esim: null, promisedBy: 5, email }),
    ).toMatchObject({
      promisedBy: 5,
    });
    expect(readDelivery({ state: 'withdrawn', esim, promisedBy: null, email })?.esim).toBeNull();
  });
});

describe('install paths', () => {
  it('encodes the activation code into Apple’s link', () => {
    expect(appleInstallUrl('LPA:1$a.b$C D&E')).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C%20D%26E',
    );
  });

  it.each([
    ['iPhone OS 17_4', { kind: 'ios', canInstallFromLink: false }],
    ['iPhone OS 17_5', { kind: 'ios', canInstallFromLink: true }],
    ['iPhone OS 17_5_1', { kind: 'ios', canInstallFromLink: true }],
    ['iPhone OS 18_0', { kind: 'ios', canInstallFromLink: true }],
    ['iPhone OS 16_7', { kind: 'ios', canInstallFromLink: false }],
  ])('reads %s', async (os, platform) => {
    const ua = `Mozilla/5.0 (iPhone; CPU ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1`;
    expect(await detectInstallPlatform(ua)).toEqual(platform);
  });

  it('tells Android from a computer', async () => {
    expect(
      await detectInstallPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile'),
    ).toEqual({
      kind: 'android',
    });
    expect(await detectInstallPlatform('Mozilla/5.0 (X11; Linux x86_64) Chrome/131')).toEqual({
      kind: 'other',
    });
  });
});
