import { describe, expect, it } from 'vitest';
import { i18n, initI18n, languageFallbacks } from '../../../src/lib/i18n/i18n';

describe('the translation bundles', () => {
  it("load each page's namespace on demand, in English and in Burmese", async () => {
    await initI18n('en');
    await i18n.loadNamespaces(['purchase']);
    expect(i18n.hasResourceBundle('en', 'purchase')).toBe(true);
    await i18n.changeLanguage('my');
    await i18n.loadNamespaces(['purchase']);
    expect(i18n.hasResourceBundle('my', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('my', 'purchase')).toBe(true);
    expect(i18n.t('purchase:result.tryAgain')).toBe('ထပ်ကြိုးစားရန်');
    expect(languageFallbacks()).toEqual([]);
    await i18n.changeLanguage('en');
  });
});
