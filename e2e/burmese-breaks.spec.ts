import type { Page } from '@playwright/test';
import { purchaseTexts, shot } from './support/checkout';
import { expect, test, useLanguage } from './support/fixtures';
import { shownMy } from './support/burmese';
import { e2eServers } from './support/servers';
import { orderOnServer, receiptPng, scriptReceipt, sendReceipt } from './support/server-shop';
import { androidContext, androidPhone } from './support/phone-layout';

/**
 * Issue #44 item 6 (decision 132): Burmese breaks lines between syllables or words only. On a
 * 360×740 Android phone (and at 320 px), every Burmese line of the buy flow and of the result
 * starts at a syllable: never with a consonant that closes the syllable before it (its asat ်)
 * nor with a mark. The review saw "ပ|တ်စ်ပို့", "အက်|ပ်" and "အီးမေး|လ်" there.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

/**
 * Each place in `root` where a line starts inside a Burmese syllable, as "before|after": a
 * character whose box is on a lower line than the one before it (in the same text: the boxes of
 * one line share their top, the font's ascent, which for Burmese is taller than the line
 * spacing), and that is a mark or a consonant closed by the asat. Word joiners (no box) are
 * skipped over.
 */
function syllableSplits(page: Page, root = 'main') {
  return page.evaluate((selector) => {
    const killed = /^[\u1000-\u1021\u103F\u104E][\u103B-\u103E]*[\u1032-\u1037]*\u103A/;
    const mark =
      /^[\u102B-\u103E\u1056-\u1059\u105E-\u1060\u1062-\u1064\u1067-\u106D\u1071-\u1074\u1082-\u108D\u108F\u109A-\u109D]/;
    const splits: string[] = [];
    const scope = document.querySelector(selector);
    if (!scope) return ['no ' + selector];
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!/[\u1000-\u109F]/.test(text)) continue;
      let previousTop: number | null = null;
      for (let i = 0; i < text.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (previousTop !== null && box.top > previousTop + 1) {
          const rest = text.slice(i).replaceAll('\u2060', '');
          if (killed.test(rest) || mark.test(rest)) {
            splits.push(`${text.slice(Math.max(0, i - 8), i)}|${text.slice(i, i + 8)}`);
          }
        }
        previousTop = box.top;
      }
    }
    return splits;
  }, root);
}

/**
 * The check itself sees a split: Burmese sentences with the review's words (passport, email,
 * app, link) without joiners, in boxes of many phone-like widths, split inside syllables; the
 * same sentences as the shop shows them split in none of them.
 */
async function expectCheckSeesSplits(page: Page) {
  const words =
    'eSIM အတွက် အီးမေးလ်လိပ်စာ သို့မဟုတ် Viber နံပါတ်တစ်ခုသာ ပေးရပါသည် - အကောင့်ဖွင့်ရန်၊ အမည်၊ ' +
    'ပတ်စ်ပို့ သို့မဟုတ် မှတ်ပုံတင်ကတ် ပေးရန် မလိုပါ။ MMQR ကုဒ်ကို စကင်ဖတ်နိုင်သော မြန်မာ ဝေါလက် ' +
    'သို့မဟုတ် ဘဏ်အက်ပ် ဖြင့် ပေးချေပါ။ လင့်ခ်ကို သိမ်းထားပါ။';
  await page.evaluate(
    ({ raw, shown }) => {
      for (const [id, text] of [
        ['raw', raw],
        ['shown', shown],
      ] as const) {
        const column = document.createElement('div');
        column.id = `breaks-${id}`;
        column.lang = 'my';
        for (let width = 120; width <= 300; width += 12) {
          const box = document.createElement('div');
          box.style.cssText = `width: ${width}px; overflow-wrap: anywhere; font-size: 16px`;
          box.textContent = text;
          column.append(box);
        }
        document.querySelector('main')!.append(column);
      }
    },
    { raw: words, shown: shownMy(words) },
  );
  expect((await syllableSplits(page, '#breaks-raw')).length).toBeGreaterThan(0);
  expect(await syllableSplits(page, '#breaks-shown')).toEqual([]);
  await page.evaluate(() =>
    document.querySelectorAll('[id^="breaks-"]').forEach((box) => box.remove()),
  );
}

/** No line of the page starts inside a syllable, at 360 px and at 320 px. */
async function expectSyllablesWhole(page: Page, where: string) {
  expect(await syllableSplits(page), `${where} at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await syllableSplits(page), `${where} at 320 px`).toEqual([]);
  await page.setViewportSize(androidPhone.viewport);
}

test('Burmese lines break between syllables only: the buy flow and the result at 360 and 320 px', async ({
  browser,
}) => {
  const context = await androidContext(browser, e2eServers.server.url);
  const page = await context.newPage();
  try {
    await useLanguage(page, 'my');
    const t = purchaseTexts.my;
    const height = 1322;
    await scriptReceipt({ transactionId: `0132${Date.now()}${height}`, forHeight: height });

    const { order } = await orderOnServer<{ id: string }>(page, '09 765 432 132', {
      texts: t,
      // Each step on the way is checked as it shows.
      onStep: async (step) => {
        if (step === 'plans') await expectCheckSeesSplits(page);
        await expectSyllablesWhole(page, `the ${step} step`);
      },
    });
    await expectSyllablesWhole(page, 'the payment step');
    await shot(page, 'breaks-payment-my-360');
    await sendReceipt(page, order.id, receiptPng(height), { texts: t });
    await expect(page.getByRole('heading', { name: t.result.successHeading })).toBeVisible();
    await expectSyllablesWhole(page, 'the result');
    await shot(page, 'breaks-result-my-360');
  } finally {
    await context.close();
  }
});
