import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ContactPage } from '../../../../src/pages/contact-page';
import { GEMINI, server } from '../../../support/msw-server';
import { geminiAnswer } from '../../../support/ai';
import { renderWithProviders } from '../../../support/render';

type Analysis = {
  category: string;
  recommended_action: string;
  contact_method: string;
  response_message: string;
  email_subject: string;
};

const billing: Analysis = {
  category: 'Billing Inquiry',
  recommended_action: 'Email us your order number and payment screenshot.',
  contact_method: 'Email',
  response_message: 'We are sorry about the double charge.',
  email_subject: 'Billing Inquiry: charged twice',
};

/** Scripts the model's answer; with `held`, it is sent only once `held` resolves. */
function answer(analysis: Analysis | string, held?: Promise<void>) {
  const prompts: string[] = [];
  server.use(
    http.post(`${GEMINI}/*`, async ({ request }) => {
      const body = (await request.json()) as { contents: { parts: { text: string }[] }[] };
      prompts.push(body.contents[0]?.parts[0]?.text ?? '');
      await held;
      return geminiAnswer(typeof analysis === 'string' ? analysis : JSON.stringify(analysis));
    }),
  );
  return prompts;
}

async function renderPage(language: 'en' | 'my' = 'en') {
  await renderWithProviders(<ContactPage />, { language, namespaces: ['support'] });
  return userEvent.setup();
}

describe('ContactPage', () => {
  it('offers email, phone and Viber directly, and social links in a new tab', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@esim-myanmar.example' })).toHaveAttribute(
      'href',
      'mailto:support@esim-myanmar.example',
    );
    expect(screen.getByRole('link', { name: '+95 9 000 000 000' })).toHaveAttribute(
      'href',
      'tel:+959000000000',
    );
    expect(screen.getByRole('link', { name: 'Chat with us on Viber' })).toHaveAttribute(
      'href',
      'viber://chat?number=%2B959000000000',
    );
    const social = screen.getByRole('list', { name: 'Follow us' });
    const facebook = within(social).getByRole('link', { name: /^Facebook/ });
    expect(facebook).toHaveAccessibleName(/opens in a new tab/);
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('analyses an issue and offers a prefilled email', async () => {
    // The answer waits until the test has seen the busy state (a timed delay could pass first).
    let release = () => {};
    const prompts = answer(
      billing,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const user = await renderPage();
    const box = screen.getByRole('textbox', { name: 'Describe your issue' });
    const analyse = screen.getByRole('button', { name: 'Analyse' });
    expect(box).toHaveAttribute('rows', '4');
    expect(analyse).toBeDisabled();
    await user.type(box, '   ');
    expect(analyse).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'I was charged twice for order #NXR-20250101-101010');
    await user.click(analyse);
    expect(await screen.findByRole('button', { name: 'Analysing your request…' })).toBeDisabled();
    release();

    expect(await screen.findByRole('heading', { name: 'Our suggestion' })).toHaveFocus();
    expect(screen.getByText('We are sorry about the double charge.')).toBeInTheDocument();
    expect(screen.getByText('Billing Inquiry')).toBeInTheDocument();
    expect(
      screen.getByText('Email us your order number and payment screenshot.'),
    ).toBeInTheDocument();
    expect(prompts[0]).toContain('"""I was charged twice for order #NXR-20250101-101010"""');

    const email = new URL(
      screen.getByRole('link', { name: 'Email our support team' }).getAttribute('href') ?? '',
    );
    expect(email.protocol).toBe('mailto:');
    expect(email.pathname).toBe('support@esim-myanmar.example');
    expect(email.searchParams.get('subject')).toBe('Billing Inquiry: charged twice');
    expect(email.searchParams.get('body')).toBe(
      [
        'Hello eSIM Myanmar support team,',
        '',
        'Category: Billing Inquiry',
        '',
        'My issue:',
        'I was charged twice for order #NXR-20250101-101010',
        '',
        'Thank you.',
      ].join('\r\n'),
    );
    expect(screen.queryByRole('link', { name: 'Chat with us on Viber' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('textbox', { name: 'Describe your issue' })).toHaveValue('');
    expect(screen.queryByText('We are sorry about the double charge.')).not.toBeInTheDocument();
  });

  it('takes at most 2000 characters in the issue', async () => {
    const user = await renderPage();
    const box = screen.getByRole('textbox', { name: 'Describe your issue' });
    await user.click(box);
    await user.paste('i'.repeat(2500));
    expect(box).toHaveValue('i'.repeat(2000));
  });

  it('falls back to a subject of its own when the AI gives none', async () => {
    answer({ ...billing, email_subject: ' ' });
    const user = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), 'Refund please');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    const link = await screen.findByRole('link', { name: 'Email our support team' });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('subject')).toBe(
      'Support request: Billing Inquiry',
    );
  });

  it('offers a Viber chat with a draft for technical problems, and the help center for FAQ answers', async () => {
    answer({
      ...billing,
      category: 'Technical Support',
      contact_method: 'Viber',
      email_subject: 'Tech',
    });
    const user = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), 'No QR code');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    const result = (await screen.findByRole('heading', { name: 'Our suggestion' }))
      .parentElement as HTMLElement;
    const viber = within(result).getByRole('link', { name: 'Chat with us on Viber' });
    expect(new URL(viber.getAttribute('href') ?? '').searchParams.get('draft')).toBe(
      'Hello! Technical Support: No QR code',
    );
    expect(
      within(result).queryByRole('link', { name: 'Email our support team' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    answer({ ...billing, category: 'Sales Question', contact_method: 'FAQ' });
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), 'Which plan?');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await screen.findByRole('link', { name: 'Open the help center' })).toHaveAttribute(
      'href',
      '/help-center',
    );
  });

  it.each([
    [
      'a failed call',
      () => server.use(http.post(`${GEMINI}/*`, () => HttpResponse.json({}, { status: 500 }))),
    ],
    ['an unreadable answer', () => answer('Sure, I can help!')],
    [
      'an answer of the wrong shape',
      () => answer({ ...billing, contact_method: 'Carrier pigeon' }),
    ],
  ])('shows the server error message after %s and keeps the text', async (_, script) => {
    script();
    const user = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Describe your issue' }), 'Help me');
    await user.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was an error with our AI assistant. Please try again or use a direct contact method.',
    );
    expect(screen.getByRole('textbox', { name: 'Describe your issue' })).toHaveValue('Help me');
    expect(screen.getByRole('button', { name: 'Analyse' })).toBeEnabled();
  });

  it('works in Burmese and converts Zawgyi before asking', async () => {
    const prompts = answer({
      category: 'Billing Inquiry',
      recommended_action: 'မှာယူမှုနံပါတ်ကို အီးမေးလ်ပို့ပါ။',
      contact_method: 'Email',
      response_message: 'စိတ်မကောင်းပါ။',
      email_subject: 'ငွေပြန်အမ်းခြင်း',
    });
    const user = await renderPage('my');
    expect(screen.getByRole('heading', { level: 1, name: 'ဆက်သွယ်ရန်' })).toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: 'သင့်ပြဿနာကို ရေးပြပါ' }),
      'ကြၽန္ေတာ့္ဖုန္းမွာ eSIM မရိွဘူး',
    );
    await user.click(screen.getByRole('button', { name: 'စစ်ကြည့်ရန်' }));
    const link = await screen.findByRole('link', { name: 'အကူအညီအဖွဲ့ထံ အီးမေးလ်ပို့ရန်' });
    expect(prompts[0]).toContain('"""ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး"""');
    expect(prompts[0]).toContain('in Burmese');
    expect(screen.getByText('ငွေပေးချေမှုဆိုင်ရာ မေးမြန်းချက်')).toBeInTheDocument();
    const body = new URL(link.getAttribute('href') ?? '').searchParams.get('body') ?? '';
    expect(body).toContain('အမျိုးအစား - ငွေပေးချေမှုဆိုင်ရာ မေးမြန်းချက်');
    expect(body).toContain('ကျွန်တော့်ဖုန်းမှာ eSIM မရှိဘူး');
  });
});
