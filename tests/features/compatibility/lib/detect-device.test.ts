import { describe, expect, it } from 'vitest';
import { detectFromBrowser } from '../../../../src/features/compatibility/lib/detect-device';

const ua = {
  galaxy:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  xiaomi:
    'Mozilla/5.0 (Linux; Android 13; 2211133G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  reduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
};

const hints = (model: string, mobile = true) => ({
  mobile,
  getHighEntropyValues: (asked: string[]) =>
    Promise.resolve(asked.includes('model') ? { model } : {}),
});

describe('detectFromBrowser', () => {
  it('prefers the Client Hints model and names it as the device table does', async () => {
    await expect(
      detectFromBrowser({ userAgent: ua.reduced, userAgentData: hints('SM-S918B') }),
    ).resolves.toEqual({ kind: 'model', model: 'Galaxy S23 Ultra' });
    await expect(
      detectFromBrowser({ userAgent: ua.reduced, userAgentData: hints('Pixel 9') }),
    ).resolves.toEqual({ kind: 'model', model: 'Pixel 9' });
  });

  it('reads the user-agent string when the hints give no model', async () => {
    await expect(
      detectFromBrowser({ userAgent: ua.galaxy, userAgentData: hints('', false) }),
    ).resolves.toEqual({ kind: 'model', model: 'Galaxy S23 Ultra' });
    await expect(detectFromBrowser({ userAgent: ua.pixel })).resolves.toEqual({
      kind: 'model',
      model: 'Pixel 8 Pro',
    });
    await expect(detectFromBrowser({ userAgent: ua.xiaomi })).resolves.toEqual({
      kind: 'model',
      model: 'Xiaomi 2211133G',
    });
  });

  it('survives hints that fail', async () => {
    const broken = { getHighEntropyValues: () => Promise.reject(new Error('denied')) };
    await expect(
      detectFromBrowser({ userAgent: ua.pixel, userAgentData: broken }),
    ).resolves.toEqual({ kind: 'model', model: 'Pixel 8 Pro' });
  });

  it.each([
    ['an iPhone', ua.iphone, { kind: 'unknown', iphone: true }],
    ['a reduced Android user agent', ua.reduced, { kind: 'unknown', iphone: false }],
  ])('cannot name the model of %s', async (_, userAgent, expected) => {
    await expect(detectFromBrowser({ userAgent })).resolves.toEqual(expected);
  });

  it.each([
    ['Windows', ua.windows],
    ['macOS', ua.mac],
    ['Linux', ua.linux],
  ])('recognises a %s computer', async (_, userAgent) => {
    await expect(
      detectFromBrowser({ userAgent, maxTouchPoints: 0, userAgentData: hints('', false) }),
    ).resolves.toEqual({ kind: 'desktop' });
  });

  it('does not take an iPad asking for the desktop site for a Mac', async () => {
    await expect(detectFromBrowser({ userAgent: ua.mac, maxTouchPoints: 5 })).resolves.toEqual({
      kind: 'unknown',
      iphone: false,
    });
  });
});
