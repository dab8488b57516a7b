// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textsForMode } from '../../src/lib/i18n/mode-texts';

/**
 * What the shop with its server promises (decision 131, Burmese review should-fix 25 and 27): a
 * Viber number is never "where to send" the eSIM (nothing is sent to Viber in server mode), and
 * "on screen at once" is never unconditional (held payments and sold-out plans delay it).
 */
type Texts = Record<string, unknown>;
const serverTexts = (language: 'en' | 'my', namespace: string) =>
  textsForMode(
    JSON.parse(readFileSync(join(process.cwd(), 'locales', language, `${namespace}.json`), 'utf8')),
    true,
  ) as Texts;
const at = (texts: Texts, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Texts)[key], texts) as string;

const contactKeys = ['contact.heading', 'contact.empty', 'stepper.contact', 'summary.contact'];
const sendWords = { en: /\bsend\b|\bsent\b/i, my: /ပို့/ };

const atOnce = [
  ['about', 'promises.items.0'],
  ['purchase', 'features.qrDelivery'],
  ['faq', 'items.aiTime.answer'],
  ['home', 'why.cards.numbers.text'],
  ['common', 'footer.description'],
  ['common', 'meta.home.description'],
  ['home', 'hero.subtitle'],
] as const;
const inMostCases = { en: /in most cases|usually/, my: /များသောအားဖြင့်/ };

describe('the server mode’s promises', () => {
  for (const language of ['en', 'my'] as const) {
    it(`never calls the contact "where to send" (${language})`, () => {
      const purchase = serverTexts(language, 'purchase');
      for (const key of contactKeys)
        expect(at(purchase, key), key).not.toMatch(sendWords[language]);
    });

    it(`qualifies every "on screen at once" (${language})`, () => {
      for (const [namespace, key] of atOnce) {
        expect(at(serverTexts(language, namespace), key), `${namespace}:${key}`).toMatch(
          inMostCases[language],
        );
      }
    });
  }
});
