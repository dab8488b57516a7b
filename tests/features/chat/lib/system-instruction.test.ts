import { describe, expect, it } from 'vitest';
import {
  buildSystemInstruction,
  faqEntries,
} from '../../../../src/features/chat/lib/system-instruction';

const base = { brand: 'eSIM Myanmar', email: 'help@esim.example', phone: '+95 9 1', faq: [] };

describe('faqEntries', () => {
  it('finds question and answer pairs in any shape and drops empty answers', () => {
    const bundle = {
      title: 'Help center',
      items: {
        whatIsEsim: { question: 'What is an {{product}}?', answer: 'A SIM built into your phone.' },
        empty: { question: 'Dropped?', answer: '' },
        list: { q: 'Which operators?', a: ['MPT', 'ATOM'] },
      },
      entries: [{ title: 'Keep my SIM?', text: 'Yes, {{brand}} eSIMs sit beside your SIM.' }],
      openChat: 'Ask the AI assistant',
      intro: 'Answers to the questions travellers ask us most often before buying.',
    };
    expect(faqEntries(bundle, 'eSIM Myanmar')).toEqual([
      { question: 'What is an eSIM?', answer: 'A SIM built into your phone.' },
      { question: 'Which operators?', answer: 'MPT\nATOM' },
      { question: 'Keep my SIM?', answer: 'Yes, eSIM Myanmar eSIMs sit beside your SIM.' },
    ]);
  });

  it('falls back to long strings as facts when there are no pairs', () => {
    expect(
      faqEntries({
        label: 'Help',
        facts: ['Install the eSIM on Wi-Fi before you travel to Myanmar.'],
      }),
    ).toEqual([{ answer: 'Install the eSIM on Wi-Fi before you travel to Myanmar.' }]);
  });

  it('reads the help-center bundles of both languages', async () => {
    const en = (await import('../../../../locales/en/faq.json')).default;
    const my = (await import('../../../../locales/my/faq.json')).default;
    for (const bundle of [en, my]) {
      const entries = faqEntries(bundle, 'eSIM Myanmar');
      expect(entries.every((entry) => entry.question && entry.answer)).toBe(true);
    }
  });

  it('gives nothing for an empty or missing bundle', () => {
    expect(faqEntries({})).toEqual([]);
    expect(faqEntries(undefined)).toEqual([]);
  });
});

describe('buildSystemInstruction', () => {
  it('states the reply language, the guidelines, the facts and the FAQ', () => {
    const text = buildSystemInstruction({
      ...base,
      language: 'en',
      faq: [{ question: 'Is there a top-up?', answer: 'No, plans are one-time.' }],
    });
    expect(text).toContain('Reply language: English');
    expect(text).not.toMatch(/in Burmese/);
    expect(text).toContain('concise');
    expect(text).toContain('[plans page](/buy-esim)');
    expect(text).toContain('(/contact)');
    expect(text).toContain('help@esim.example');
    expect(text).toMatch(/friendly/i);
    expect(text).toMatch(/Myanmar/);
    expect(text).toContain('Power User: 15 GB for 30 days, 80,000 MMK, available now');
    expect(text).toContain('Q: Is there a top-up?\nA: No, plans are one-time.');
  });

  it('asks for Burmese in Unicode when the UI is Burmese', () => {
    const text = buildSystemInstruction({ ...base, language: 'my' });
    expect(text).toContain('Reply language: Burmese');
    expect(text).toContain('never Zawgyi');
    expect(text).not.toContain('Help center (questions and answers)');
  });

  it('names the plans by their Burmese names first when it is given them (decision 133)', () => {
    const text = buildSystemInstruction({
      ...base,
      language: 'my',
      planNames: { 'power-30': 'ဒေတာ အသုံးများသူ', 'tourist-7': 'ခရီးသွား' },
    });
    expect(text).toContain('call each plan by its Burmese name');
    expect(text).toContain('- ဒေတာ အသုံးများသူ (Power User): 15 GB for 30 days');
    expect(text).toContain('- ခရီးသွား (Tourist Pack): 5 GB for 7 days');
    // A plan without a shown name keeps its product name.
    expect(text).toContain('- Business Pro: 30 GB for 30 days');
  });
});
