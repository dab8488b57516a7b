import { describe, expect, it } from 'vitest';
import {
  createZawgyiTools,
  hasMyanmarScript,
  loadZawgyiTools,
  toUnicode,
} from '../../../src/lib/zawgyi/zawgyi';

const unicode = 'ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး ဘာလုပ်ရမလဲ';
/** The same sentence as a Zawgyi keyboard types it. */
const zawgyi = 'ကြၽန္ေတာ့္ဖုန္းမွာ eSIM မရိွဘူး ဘာလုပ္ရမလဲ';

describe('zawgyi', () => {
  it('tells Myanmar script from other text', () => {
    expect(hasMyanmarScript('iPhone 15 Pro')).toBe(false);
    expect(hasMyanmarScript('iPhone ၁၅')).toBe(true);
    expect(hasMyanmarScript(zawgyi)).toBe(true);
  });

  it('converts Zawgyi to Unicode and leaves Unicode and English alone', async () => {
    expect(await toUnicode(zawgyi)).toBe(unicode);
    expect(await toUnicode(unicode)).toBe(unicode);
    expect(await toUnicode('Refund please')).toBe('Refund please');
    expect(await toUnicode('မ္း')).toBe('မ်း');
  });

  it('builds the detector where there is no Node Buffer, as in a browser', async () => {
    await loadZawgyiTools();
    const scope = globalThis as { Buffer?: unknown };
    const nodeBuffer = scope.Buffer;
    delete scope.Buffer;
    try {
      const tools = await createZawgyiTools();
      expect(tools.zawgyiProbability(zawgyi)).toBeGreaterThan(0.95);
      expect(tools.zawgyiProbability(unicode)).toBeLessThan(0.05);
      expect(scope.Buffer).toBeUndefined();
    } finally {
      scope.Buffer = nodeBuffer;
    }
  });
});
