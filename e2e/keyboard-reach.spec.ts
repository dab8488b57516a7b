import { fill, purchaseTexts, shot } from './support/checkout';
import { expect, type Language, openRoute, test, useLanguage } from './support/fixtures';
import { e2eServers } from './support/servers';

/**
 * Issue #44 item 8: "Continue to payment" sat under the phone's keyboard (its top at 510–575 px;
 * the keyboard leaves about 508 px on an iPhone 390×844 and 440 px on an Android 360×740). The
 * keyboard is played by shrinking the viewport to what it leaves, as it shrinks the visual
 * viewport on a phone, once the buyer has tapped the field: the field and Continue are then both
 * on screen, below the sticky header and above the keyboard.
 */
test.use({ baseURL: e2eServers.server.url, serviceWorkers: 'block' });

const phones = [
  { name: 'iphone', width: 390, height: 844, aboveKeyboard: 508 },
  { name: 'android', width: 360, height: 740, aboveKeyboard: 440 },
] as const;

for (const language of ['en', 'my'] as const satisfies Language[]) {
  for (const phone of phones) {
    test(`Continue stays above the keyboard on the contact step (${phone.name}, ${language})`, async ({
      page,
    }) => {
      const t = purchaseTexts[language];
      await useLanguage(page, language);
      await page.setViewportSize({ width: phone.width, height: phone.height });
      await openRoute(page, '/buy-esim');
      await page
        .getByRole('button', { name: fill(t.plans.buy, { plan: t.plans.names['power-30'] }) })
        .click();
      await page.getByRole('button', { name: 'MPT' }).click();
      const field = page.getByLabel(t.contact.label);
      await field.tap().catch(() => field.click());
      await expect(field).toBeFocused();
      // The keyboard opens: what is left of the screen.
      await page.setViewportSize({ width: phone.width, height: phone.aboveKeyboard });
      const continueButton = page.getByRole('button', { name: t.contact.continue });
      await expect
        .poll(async () => {
          const [button, input, header] = await Promise.all([
            continueButton.boundingBox(),
            field.boundingBox(),
            page.locator('.site-header').boundingBox(),
          ]);
          return (
            button !== null &&
            input !== null &&
            button.y + button.height <= phone.aboveKeyboard &&
            input.y >= (header ? header.y + header.height : 0) - 1
          );
        })
        .toBe(true);
      await expect(field).toBeFocused();
      await shot(page, `keyboard-contact-${phone.name}-${language}`);
    });
  }
}
