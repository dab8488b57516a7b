// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { textsForMode } from '../../../src/lib/i18n/mode-texts';

const bundle = {
  intro: 'Our staff send it.',
  intro__server: 'On screen at once.',
  plain: 'Same in both.',
  // A SPEC key that ends in one `_server` is an ordinary text, in both modes.
  contact_form_error_server: 'Sorry.',
  list: [{ body: ['a', 'b'], body__server: ['a', 'B'] }],
  nested: { hint: 'By staff.', hint__server: 'On screen.' },
};

describe('texts for the shop’s mode (issue #24)', () => {
  it('keeps the static texts and drops the server’s in static mode', () => {
    expect(textsForMode(bundle, false)).toEqual({
      intro: 'Our staff send it.',
      plain: 'Same in both.',
      contact_form_error_server: 'Sorry.',
      list: [{ body: ['a', 'b'] }],
      nested: { hint: 'By staff.' },
    });
  });

  it('puts the server’s texts in their place in server mode, at any depth', () => {
    expect(textsForMode(bundle, true)).toEqual({
      intro: 'On screen at once.',
      plain: 'Same in both.',
      contact_form_error_server: 'Sorry.',
      list: [{ body: ['a', 'B'] }],
      nested: { hint: 'On screen.' },
    });
  });

  it('leaves no "2–3 minutes" or "within 5 minutes" promise in either mode, in either language', () => {
    for (const language of ['en', 'my']) {
      for (const file of ['about', 'common', 'faq', 'guide', 'home', 'legal', 'purchase']) {
        const raw = JSON.parse(
          readFileSync(join(process.cwd(), 'locales', language, `${file}.json`), 'utf8'),
        ) as Record<string, unknown>;
        for (const server of [false, true]) {
          const text = JSON.stringify(textsForMode(raw, server));
          expect(text, `${language}/${file}`).not.toMatch(
            /2[–-]3 min|within 5 minutes|၂–၃ မိနစ်|၅ မိနစ်အတွင်း|၂ မိနစ်မှ ၃ မိနစ်/,
          );
        }
      }
    }
  });
});
