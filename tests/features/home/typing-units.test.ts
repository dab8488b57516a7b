// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { typingUnits } from '../../../src/features/home/hooks/use-typewriter';

describe('typingUnits', () => {
  it('types English letter by letter', () => {
    expect(typingUnits('Buy eSIM')).toEqual(['B', 'u', 'y', ' ', 'e', 'S', 'I', 'M']);
  });

  it.each([
    ['မြန်မာ', ['မြန်', 'မာ']],
    ['အင်တာနက်', ['အင်', 'တာ', 'နက်']],
    // A stacked consonant joins both halves: no unit may end on a virama.
    ['ကမ္ဘာ', ['ကမ္ဘာ']],
    ['ချိတ်ဆက်', ['ချိတ်', 'ဆက်']],
    ['ဝယ်ရန်။', ['ဝယ်', 'ရန်', '။']],
  ])('types Burmese %s in whole syllables', (text, units) => {
    expect(typingUnits(text)).toEqual(units);
  });

  it('keeps Latin words in Burmese text typed letter by letter', () => {
    expect(typingUnits('eSIM ဝယ်')).toEqual(['e', 'S', 'I', 'M', ' ', 'ဝယ်']);
  });

  it('loses nothing: the units join back into the text', () => {
    const text = 'KBZPay သို့မဟုတ် WavePay ဖြင့် ၅ မိနစ်အတွင်း';
    expect(typingUnits(text).join('')).toBe(text);
  });
});
