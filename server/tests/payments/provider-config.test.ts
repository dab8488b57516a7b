import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isTestProvider, runsTestProviders } from '../../src/payments/providers/provider-config';

/** PAYMENT_METHODS and the providers' settings (issue #40): https, and never a fake for real keys. */

const card = {
  PAYMENT_METHODS: '2c2p',
  TWOC2P_MERCHANT_ID: 'JT01',
  TWOC2P_SECRET_KEY: 'a-real-looking-secret-key-0123456789',
};

describe('payment provider settings', () => {
  it('offers no provider by default, and 2C2P’s sandbox in USD when switched on', () => {
    expect(loadConfig({}).payments.methods).toEqual([]);
    const config = loadConfig(card);
    expect(config.payments.methods).toEqual(['2c2p']);
    expect(config.payments.twoC2P).toMatchObject({
      baseUrl: 'https://sandbox-pgw.2c2p.com',
      currency: 'USD',
      channels: ['CC', 'MPU'],
    });
  });

  it('calls a provider a test only when it is a fake on this machine (decision 130)', () => {
    const real = loadConfig({
      ...card,
      PAYMENT_METHODS: '2c2p,kbzpay',
      KBZPAY_APP_ID: 'kp-app',
      KBZPAY_MERCH_CODE: '200001',
      KBZPAY_APP_KEY: 'a-real-looking-app-key',
    }).payments;
    expect([isTestProvider(real, '2c2p'), isTestProvider(real, 'kbzpay')]).toEqual([false, false]);
    expect(runsTestProviders(real)).toBe(false);
    const fake = loadConfig({
      PAYMENT_METHODS: '2c2p',
      TWOC2P_MERCHANT_ID: 'JT01',
      TWOC2P_SECRET_KEY: 'fake-2c2p-secret',
      TWOC2P_BASE_URL: 'http://127.0.0.1:8790',
    }).payments;
    expect([isTestProvider(fake, '2c2p'), isTestProvider(fake, 'kbzpay')]).toEqual([true, false]);
    expect(runsTestProviders(fake)).toBe(true);
    expect(runsTestProviders(loadConfig({}).payments)).toBe(false);
  });

  it('names every missing setting and unknown method', () => {
    expect(() => loadConfig({ PAYMENT_METHODS: '2c2p,kbzpay,stripe' })).toThrow(
      /stripe[\s\S]*TWOC2P_MERCHANT_ID[\s\S]*TWOC2P_SECRET_KEY[\s\S]*KBZPAY_APP_KEY/,
    );
    expect(() => loadConfig({ ...card, TWOC2P_CURRENCY: 'EUR' })).toThrow(/TWOC2P_CURRENCY/);
  });

  it('takes https only, except on this machine', () => {
    expect(() => loadConfig({ ...card, TWOC2P_BASE_URL: 'http://pgw.example.com' })).toThrow(
      /TWOC2P_BASE_URL: must be https/,
    );
    expect(() =>
      loadConfig({
        ...card,
        PUBLIC_API_URL: 'http://api.shop.example',
        TWOC2P_BASE_URL: 'https://pgw.2c2p.com',
      }),
    ).toThrow(/PUBLIC_API_URL: must be https/);
  });

  it('sets up KBZPay refunds with its client certificate and key together, over https (decision 136)', () => {
    const kbzpay = {
      PAYMENT_METHODS: 'kbzpay',
      KBZPAY_APP_ID: 'kp-app',
      KBZPAY_MERCH_CODE: '200001',
      KBZPAY_APP_KEY: 'a-real-looking-app-key',
    };
    expect(loadConfig(kbzpay).payments.kbzPay?.refund).toBeUndefined();
    expect(
      loadConfig({
        ...kbzpay,
        KBZPAY_CLIENT_CERT: '/etc/shop/kbzpay.crt',
        KBZPAY_CLIENT_KEY: '/etc/shop/kbzpay.key',
      }).payments.kbzPay?.refund,
    ).toEqual({
      url: 'https://api.kbzpay.com/payment/gateway/uat',
      certFile: '/etc/shop/kbzpay.crt',
      keyFile: '/etc/shop/kbzpay.key',
      caFile: undefined,
    });
    expect(() => loadConfig({ ...kbzpay, KBZPAY_CLIENT_CERT: '/etc/shop/kbzpay.crt' })).toThrow(
      /KBZPAY_CLIENT_CERT and KBZPAY_CLIENT_KEY: both files/,
    );
    expect(() =>
      loadConfig({
        ...kbzpay,
        KBZPAY_APP_KEY: 'fake-kbzpay-key',
        KBZPAY_BASE_URL: 'http://127.0.0.1:8791',
        KBZPAY_CLIENT_CERT: '/tmp/c.pem',
        KBZPAY_CLIENT_KEY: '/tmp/k.pem',
      }),
    ).toThrow(/KBZPAY_REFUND_URL: must be https/);
  });

  it('never sends a real key to a fake, nor a fake’s key to a provider', () => {
    expect(() => loadConfig({ ...card, TWOC2P_BASE_URL: 'http://127.0.0.1:8790' })).toThrow(
      /a real key and never goes to a fake/,
    );
    expect(() =>
      loadConfig({ ...card, TWOC2P_SECRET_KEY: 'fake-2c2p-secret-key-for-tests-only' }),
    ).toThrow(/works only with a local fake/);
    expect(
      loadConfig({
        ...card,
        TWOC2P_SECRET_KEY: 'fake-2c2p-secret-key-for-tests-only',
        TWOC2P_BASE_URL: 'http://127.0.0.1:8790',
      }).payments.twoC2P?.baseUrl,
    ).toBe('http://127.0.0.1:8790');
  });
});
