import { errorAnswer, jsonAnswer } from './support/gemini';
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

const billing = {
  category: 'Billing Inquiry',
  recommended_action: 'Email us your order number and the payment screenshot.',
  contact_method: 'Email',
  response_message: 'Sorry about the double charge. Our billing team will sort it out.',
  email_subject: 'Billing Inquiry: charged twice for one eSIM',
};

type GenerateBody = { contents: { parts: { text: string }[] }[] };
const promptOf = (body: unknown) => (body as GenerateBody).contents[0]?.parts[0]?.text ?? '';

test('the contact page links email, phone, Viber and social networks', async ({ page }) => {
  await openRoute(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'support@esim-myanmar.example' })).toHaveAttribute(
    'href',
    'mailto:support@esim-myanmar.example',
  );
  await expect(main.getByRole('link', { name: '+95 9 123 456 789' })).toHaveAttribute(
    'href',
    'tel:+959123456789',
  );
  await expect(main.getByRole('link', { name: 'Chat with us on Viber' })).toHaveAttribute(
    'href',
    'viber://chat?number=%2B959123456789',
  );
  const social = main.getByRole('list', { name: 'Follow us' }).getByRole('link');
  await expect(social).toHaveCount(8);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('the AI support assistant triages an issue into a category, an action and a prefilled email', async ({
  page,
  gemini,
}) => {
  gemini.on('generateContent', jsonAnswer(billing));
  await openRoute(page, '/contact');
  const box = page.getByRole('textbox', { name: 'Describe your issue' });
  const analyse = page.getByRole('button', { name: 'Analyse' });
  await expect(box).toHaveAttribute('rows', '4');
  await expect(analyse).toBeDisabled();
  await box.fill('   ');
  await expect(analyse).toBeDisabled();
  const issue =
    'I paid twice with KBZPay for order #NXR-20250101-101010. Please refund one & help!';
  await box.fill(issue);
  await analyse.click();

  await expect(page.getByRole('heading', { name: 'Our suggestion' })).toBeFocused();
  const result = page.locator('.support-result');
  await expect(result).toContainText(billing.response_message);
  await expect(result.getByRole('definition').first()).toHaveText('Billing Inquiry');
  await expect(result.getByRole('definition').nth(1)).toHaveText(billing.recommended_action);
  expect(promptOf(gemini.calls[0]?.body)).toContain(`Request: """${issue}"""`);

  const href = await result
    .getByRole('link', { name: 'Email our support team' })
    .getAttribute('href');
  const mail = new URL(href ?? '');
  expect(mail.protocol).toBe('mailto:');
  expect(mail.pathname).toBe('support@esim-myanmar.example');
  expect(mail.searchParams.get('subject')).toBe(billing.email_subject);
  expect(mail.searchParams.get('body')).toBe(
    [
      'Hello eSIM Myanmar support team,',
      '',
      'Category: Billing Inquiry',
      '',
      'My issue:',
      issue,
      '',
      'Thank you.',
    ].join('\r\n'),
  );

  await result.getByRole('button', { name: 'Try again' }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await expect(result).toHaveCount(0);
  await expect(analyse).toBeDisabled();
});

test('a technical problem gets a Viber link with the issue as a draft', async ({
  page,
  gemini,
}) => {
  gemini.on(
    'generateContent',
    jsonAnswer({ ...billing, category: 'Technical Support', contact_method: 'Viber' }),
  );
  await openRoute(page, '/contact');
  await page.getByRole('textbox', { name: 'Describe your issue' }).fill('No QR code yet');
  await page.getByRole('button', { name: 'Analyse' }).click();
  const viber = page
    .locator('.support-result')
    .getByRole('link', { name: 'Chat with us on Viber' });
  const href = (await viber.getAttribute('href')) ?? '';
  expect(href).toMatch(/^viber:\/\/chat\?number=%2B959123456789&draft=/);
  expect(decodeURIComponent(href.split('draft=')[1] ?? '')).toBe(
    'Hello! Technical Support: No QR code yet',
  );
});

test('a failed analysis shows the server error message', async ({
  page,
  gemini,
  consoleErrors,
}) => {
  gemini.on('generateContent', errorAnswer(500));
  await openRoute(page, '/contact');
  await page.getByRole('textbox', { name: 'Describe your issue' }).fill('Help');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Sorry, there was an error with our AI assistant. Please try again or use a direct contact method.',
  );
  await expect(page.getByRole('button', { name: 'Analyse' })).toBeEnabled();
  expectFailedLoad(consoleErrors, 500);
});

test('Burmese typed in Zawgyi is sent as Unicode, and the detector loads only once Burmese is typed', async ({
  page,
  gemini,
  request,
}) => {
  gemini.on(
    'generateContent',
    jsonAnswer({
      category: 'Technical Support',
      recommended_action: 'မှာယူမှုနံပါတ်ကို Viber ဖြင့် ပို့ပါ။',
      contact_method: 'Email',
      response_message: 'စိတ်မကောင်းပါ၊ ကူညီပေးပါမည်။',
      email_subject: 'နည်းပညာအကူအညီ',
    }),
  );
  const report = (await (await request.get('chunk-report.json')).json()) as Record<
    string,
    { moduleIds: string[] }
  >;
  const detectorChunk = Object.entries(report).find(([, chunk]) =>
    chunk.moduleIds.some((id) => id.includes('node_modules/myanmar-tools/')),
  )?.[0];
  expect(detectorChunk).toBeTruthy();
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(detectorChunk ?? '-')) loaded.push(r.url());
  });

  await useLanguage(page, 'my');
  await openRoute(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shownMy('ဆက်သွယ်ရန်'));
  const box = page.getByRole('textbox', { name: shownMy('သင့်ပြဿနာကို ရေးပြပါ') });
  await box.fill('eSIM QR');
  expect(loaded).toEqual([]);
  await box.fill('ကြၽန္ေတာ့္ဖုန္းမွာ eSIM မရိွဘူး');
  await expect.poll(() => loaded.length).toBe(1);
  await page.getByRole('button', { name: shownMy('စစ်ကြည့်ရန်') }).click();
  await expect(page.locator('.support-result')).toContainText('စိတ်မကောင်းပါ၊ ကူညီပေးပါမည်။');
  await expect(page.locator('.support-result')).toContainText(shownMy('နည်းပညာအကူအညီ'));
  const prompt = promptOf(gemini.calls[0]?.body);
  expect(prompt).toContain('Request: """ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး"""');
  expect(prompt).toContain('in Burmese');
  const href =
    (await page.getByRole('link', { name: shownMy('အကူအညီအဖွဲ့ထံ အီးမေးလ်ပို့ရန်') }).getAttribute('href')) ??
    '';
  const body = new URL(href).searchParams.get('body') ?? '';
  expect(body).toContain('မင်္ဂလာပါ eSIM Myanmar အကူအညီအဖွဲ့၊');
  expect(body).toContain('အမျိုးအစား - နည်းပညာအကူအညီ');
  expect(body).toContain('ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး');
});

for (const language of ['en', 'my'] as Language[]) {
  for (const viewport of axeViewports) {
    test(`axe finds no violation on /contact (${language}, ${viewport.name})`, async ({
      page,
      gemini,
    }) => {
      gemini.on('generateContent', jsonAnswer(billing));
      await page.setViewportSize(viewport);
      await useLanguage(page, language);
      // The form as it opens is read in shell.spec.ts; here, the assistant's answer.
      await openRoute(page, '/contact');
      await page.locator('.support-assistant textarea').fill('I was charged twice');
      await page.locator('.support-assistant button[type="submit"]').click();
      await expect(page.locator('.support-result')).toBeVisible();
      // The sticky site header can half-cover whatever link is scrolled under it, which axe's
      // target-size rule counts against that link; check the result from the top of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
