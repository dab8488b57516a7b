import type { Page } from '@playwright/test';
import { errorAnswer, sseAnswer } from './support/gemini';
import { e2eServers } from './support/servers';
import {
  axeViewports,
  axeViolations,
  expect,
  expectFailedLoad,
  type Language,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';
import { shownMy } from './support/burmese';

const greeting = /Hello! I'm the eSIM Myanmar AI assistant/;

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Ask AI Assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI Assistant' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The body the app sent with its last streamed chat message. */
type StreamBody = {
  systemInstruction?: { parts: { text: string }[] };
  contents: { role: string; parts: { text: string }[] }[];
};

test.describe('AI chat', () => {
  test('opens from its button, answers a suggestion as a growing stream, and a shop link navigates and closes it', async ({
    page,
    gemini,
  }) => {
    gemini.on(
      'streamGenerateContent',
      sseAnswer([
        'Our most popular plan is **Power User**: ',
        '15 GB for 30 days at 80,000 MMK. ',
        'You can buy it on the [plans page](/buy-esim).',
      ]),
    );
    await openRoute(page, '/');
    const dialog = await openChat(page);
    await expect(dialog.getByText(greeting)).toBeVisible();
    await expect(dialog).toContainText(
      'AI responses may contain errors. Verify important information.',
    );
    const suggestions = dialog.getByRole('list', { name: 'Suggested questions' });
    await expect(suggestions.getByRole('button')).toHaveText([
      'How do I activate my eSIM?',
      'What are your data plans?',
      'Is my phone compatible?',
      'How to contact support?',
    ]);

    // Record the reply's text at every DOM change, with the animation frame it happened in.
    await page.evaluate(() => {
      const w = window as unknown as {
        snapshots: { text: string; frame: number }[];
        frame: number;
      };
      w.snapshots = [];
      w.frame = 0;
      const tick = () => {
        w.frame += 1;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const log = document.querySelector('[role="log"]');
      if (!log) throw new Error('no chat log');
      new MutationObserver(() => {
        const replies = log.querySelectorAll('.chat-message--ai .chat-markdown');
        // The first one is the greeting; the reply is the one after it.
        const text = replies.length > 1 ? (replies[replies.length - 1]?.textContent ?? '') : '';
        if (text && w.snapshots.at(-1)?.text !== text) w.snapshots.push({ text, frame: w.frame });
      }).observe(log, { subtree: true, childList: true, characterData: true });
    });

    await suggestions.getByRole('button', { name: 'What are your data plans?' }).click();
    await expect(suggestions).toBeHidden();
    const log = dialog.getByRole('log');
    await expect(log.getByText('What are your data plans?')).toBeVisible();
    await expect(log).toContainText('You can buy it on the plans page.');
    await expect(log.locator('strong', { hasText: 'Power User' })).toBeVisible();

    const snapshots = await page.evaluate(
      () => (window as unknown as { snapshots: { text: string; frame: number }[] }).snapshots,
    );
    const final =
      'Our most popular plan is Power User: 15 GB for 30 days at 80,000 MMK. You can buy it on the plans page.';
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    expect(snapshots.at(-1)?.text).toBe(final);
    for (const [index, snapshot] of snapshots.entries()) {
      if (index > 0)
        expect(snapshot.text.length).toBeGreaterThan(snapshots[index - 1]!.text.length);
      expect(final.startsWith(snapshot.text.trimEnd()), JSON.stringify(snapshots)).toBe(true);
    }
    // Each piece was on screen for at least one frame of its own.
    expect(new Set(snapshots.map((s) => s.frame)).size).toBeGreaterThanOrEqual(2);

    const body = gemini.calls.find((call) => call.method === 'streamGenerateContent')
      ?.body as StreamBody;
    expect(body.systemInstruction?.parts[0]?.text).toContain('Reply language: English');
    expect(body.contents.at(-1)?.parts[0]?.text).toBe('What are your data plans?');

    await log
      .getByRole('group', { name: 'Was this answer helpful?' })
      .getByRole('button', { name: 'Helpful', exact: true })
      .click();
    await expect(log.getByText('Thank you for your feedback.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('esim-shop.chat-feedback')))
      .toBe(JSON.stringify({ helpful: 1, notHelpful: 0 }));

    // The full stop follows the link with no gap (the link has no padding at its sides).
    const gap = await log.getByRole('button', { name: 'plans page' }).evaluate((link) => {
      const after = link.nextSibling;
      if (!after?.textContent?.startsWith('.')) throw new Error('no full stop after the link');
      const range = document.createRange();
      range.setStart(after, 0);
      range.setEnd(after, 1);
      const text = document.createRange();
      text.selectNodeContents(link);
      return range.getBoundingClientRect().left - text.getBoundingClientRect().right;
    });
    expect(gap).toBeLessThanOrEqual(0.5);

    await log.getByRole('button', { name: 'plans page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/buy-esim$/);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('opens from the open-ai-chat event; Enter sends, Shift+Enter adds a line, blank is ignored', async ({
    page,
    gemini,
  }) => {
    gemini.on('streamGenerateContent', sseAnswer(['Yes, ', 'an eSIM is *data only*.']));
    await openRoute(page, '/about');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-ai-chat')));
    const dialog = page.getByRole('dialog', { name: 'Ask AI Assistant' });
    await expect(dialog.getByText(greeting)).toBeVisible();
    const box = dialog.getByRole('textbox', { name: 'Your question' });
    await expect(box).toBeFocused();
    await box.fill('   ');
    await box.press('Enter');
    await box.fill('');
    await box.pressSequentially('Is it data only?');
    await box.press('Shift+Enter');
    await box.pressSequentially('No calls?');
    await expect(box).toHaveValue('Is it data only?\nNo calls?');
    const height = await box.evaluate((node) => node.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(100);
    await box.press('Enter');
    await expect(dialog.getByRole('log').locator('em', { hasText: 'data only' })).toBeVisible();
    expect(gemini.count('streamGenerateContent')).toBe(1);

    // The textarea stops growing at 100 px.
    await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n'));
    await expect
      .poll(() => box.evaluate((node) => node.getBoundingClientRect().height))
      .toBeLessThanOrEqual(100.5);
    await expect
      .poll(() => box.evaluate((node) => node.scrollHeight > node.clientHeight))
      .toBe(true);
  });

  test('renders model HTML, scripts and javascript: links inert', async ({ page, gemini }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    gemini.on(
      'streamGenerateContent',
      sseAnswer([
        'Here: <img src=x onerror=alert(1)> ',
        '<script>alert(2)</script> ',
        '[x](javascript:alert(3)) and [y](JAVASCRIPT:alert(4)) <a href="javascript:alert(5)">z</a>',
      ]),
    );
    await openRoute(page, '/');
    const dialog = await openChat(page);
    await expect(dialog.getByText(greeting)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your question' }).fill('Show me HTML');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const log = dialog.getByRole('log');
    await expect(log).toContainText('<a href="javascript:alert(5)">z</a>');
    await expect(log).toContainText('<img src=x onerror=alert(1)>');
    await expect(log).toContainText('<script>alert(2)</script>');
    await expect(log.locator('img, script, a[href^="javascript" i]')).toHaveCount(0);
    await expect(log.getByRole('link')).toHaveCount(0);
    await expect(log.getByRole('button', { name: 'x', exact: true })).toHaveCount(0);
    await log.getByText(/and y/).click();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(/#\/$/);
  });

  test('says so when the chat cannot start, in place of the greeting', async ({
    page,
    request,
  }) => {
    // The AI SDK's chunk fails to load, as it would offline.
    const report = (await (await request.get('chunk-report.json')).json()) as Record<
      string,
      { moduleIds: string[] }
    >;
    const sdkChunk = Object.entries(report).find(([, chunk]) =>
      chunk.moduleIds.some((id) => id.includes('node_modules/@google/genai/')),
    )?.[0];
    expect(sdkChunk).toBeTruthy();
    await page.route(`**/${sdkChunk}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("offline");' }),
    );
    await openRoute(page, '/');
    const dialog = await openChat(page);
    await expect(
      dialog.getByText("Sorry, I'm having trouble connecting right now. Please try again later."),
    ).toBeVisible();
    await expect(dialog.getByText(greeting)).toHaveCount(0);
    await expect(dialog.getByRole('list', { name: 'Suggested questions' })).toHaveCount(0);
  });

  test('says so when a message cannot be sent', async ({ page, gemini, consoleErrors }) => {
    gemini.on('streamGenerateContent', errorAnswer(500));
    await openRoute(page, '/');
    const dialog = await openChat(page);
    await expect(dialog.getByText(greeting)).toBeVisible();
    await dialog.getByRole('button', { name: 'How to contact support?' }).click();
    await expect(
      dialog.getByText(
        "I'm sorry, I encountered an error. Please try again or contact our support team.",
      ),
    ).toBeVisible();
    expectFailedLoad(consoleErrors, 500);
  });

  test('speaks Burmese when the page is in Burmese', async ({ page, gemini }) => {
    gemini.on('streamGenerateContent', sseAnswer(['**Wi-Fi** ဖြင့် ', 'ချိတ်ဆက်ပြီး QR ကုဒ်ကို စကင်ဖတ်ပါ။']));
    await useLanguage(page, 'my');
    await openRoute(page, '/');
    await page.locator('.chat-fab').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(shownMy('AI လက်ထောက် ဖြစ်ပါသည်'), { exact: false })).toBeVisible();
    await expect(dialog).toContainText(shownMy('AI ၏ အဖြေများတွင် အမှားများ ပါဝင်နိုင်ပါသည်။'));
    await dialog.getByRole('button', { name: shownMy('eSIM ကို ဘယ်လို အသက်သွင်းရမလဲ။') }).click();
    await expect(dialog.getByRole('log')).toContainText('Wi-Fi ဖြင့် ချိတ်ဆက်ပြီး QR ကုဒ်ကို စကင်ဖတ်ပါ။');
    const body = gemini.calls.find((call) => call.method === 'streamGenerateContent')
      ?.body as StreamBody;
    expect(body.systemInstruction?.parts[0]?.text).toContain('Reply language: Burmese');
  });

  for (const language of ['en', 'my'] as Language[]) {
    test(`on a phone the chat opens with its greeting's first line in view (${language})`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 375, height: 667 },
      ]) {
        await page.setViewportSize(viewport);
        await openRoute(page, '/buy-esim');
        await page.locator('.chat-fab').click();
        const dialog = page.getByRole('dialog');
        const log = dialog.getByRole('log');
        const greetingMessage = log.locator('.chat-message').first();
        await expect(greetingMessage).toBeVisible();
        await expect(dialog.locator('.chat-suggestions')).toBeVisible();
        await page.waitForTimeout(300);
        const [logBox, messageBox] = await Promise.all([
          log.boundingBox(),
          greetingMessage.boundingBox(),
        ]);
        // Shown from its first line, not scrolled to its end (where the log is too short for it).
        expect(messageBox!.y, `${viewport.height} px`).toBeGreaterThanOrEqual(logBox!.y);
        // On a 844 px phone the whole greeting, its time included, is in view.
        if (viewport.height === 844)
          expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(
            logBox!.y + logBox!.height,
          );
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test(`the chat button does not show beside the open chat on a desktop (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await useLanguage(page, language);
      await openRoute(page, '/buy-esim');
      const button = page.locator('.chat-fab');
      await button.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(button).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(button).toBeVisible();
      await expect(button).toBeFocused();
    });

    for (const viewport of axeViewports) {
      test(`axe finds no violation with the chat open (${language}, ${viewport.name})`, async ({
        page,
        gemini,
      }) => {
        gemini.on(
          'streamGenerateContent',
          sseAnswer(['See the [plans page](/buy-esim) ', 'and **relax**.']),
        );
        await page.setViewportSize(viewport);
        await useLanguage(page, language);
        await openRoute(page, '/');
        await page.locator('.chat-fab').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.locator('.chat-suggestions')).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await dialog.locator('.chat-suggestions__button').first().click();
        await expect(dialog.getByRole('group')).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});

test.describe('AI chat in demo mode', () => {
  test.use({ baseURL: e2eServers.demo.url });

  test('answers with the simulated assistant, streamed, with no AI request', async ({ page }) => {
    const aiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googleapis.com')) aiRequests.push(request.url());
    });
    await openRoute(page, '/');
    const dialog = await openChat(page);
    await dialog.getByRole('button', { name: 'Is my phone compatible?' }).click();
    await expect(dialog.getByRole('log')).toContainText(
      'Most phones from 2018 onward support eSIM',
    );
    await dialog.getByRole('log').getByRole('button', { name: 'compatibility page' }).click();
    await expect(page).toHaveURL(/#\/compatibility$/);
    expect(aiRequests).toEqual([]);
  });
});
