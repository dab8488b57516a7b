import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CompatibilityPage } from '../../../../src/pages/compatibility-page';
import { GEMINI, server } from '../../../support/msw-server';
import { geminiAnswer } from '../../../support/ai';
import { renderWithProviders } from '../../../support/render';

const androidUa =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const iphoneUa =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const xiaomiUa =
  'Mozilla/5.0 (Linux; Android 13; 2211133G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

type Call = { prompt: string; schema: string[] };

/** Records every call to the AI service; answers as scripted, or as the demo does. */
/** Records the AI's calls; with `held`, each answer waits until `held` resolves (a state). */
function recordAi(answer?: (call: Call) => string, held?: Promise<void>) {
  const calls: Call[] = [];
  server.use(
    http.post(`${GEMINI}/*`, async ({ request }) => {
      const body = (await request.json()) as {
        contents: { parts: { text: string }[] }[];
        generationConfig?: { responseSchema?: { properties?: Record<string, unknown> } };
      };
      const call = {
        prompt: body.contents[0]?.parts[0]?.text ?? '',
        schema: Object.keys(body.generationConfig?.responseSchema?.properties ?? {}),
      };
      calls.push(call);
      // A real service takes a moment.
      await (held ?? delay(100));
      return geminiAnswer(answer?.(call) ?? '');
    }),
  );
  return calls;
}

async function renderPage(language: 'en' | 'my' = 'en') {
  await renderWithProviders(<CompatibilityPage />, { language, namespaces: ['compatibility'] });
  return userEvent.setup();
}

const status = () => screen.getByRole('status');

describe('CompatibilityPage', () => {
  it('tells a computer plainly that it checks phones, and answers known models from the table', async () => {
    const calls = recordAi();
    const user = await renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Is my phone eSIM compatible?' }),
    ).toBeInTheDocument();
    expect(
      await within(status()).findByText(/You are visiting from a computer/),
    ).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Device model' });
    expect(box).toHaveValue('');
    await user.type(box, 'ip15 pro{Enter}');
    expect(within(status()).getByText('Compatible')).toBeInTheDocument();
    expect(within(status()).getByText('Yes: the iPhone 15 Pro supports eSIM.')).toBeInTheDocument();
    expect(within(status()).getByText(/mainland China/)).toBeInTheDocument();
    expect(within(status()).getByRole('link', { name: 'See eSIM plans' })).toHaveAttribute(
      'href',
      '/buy-esim',
    );
    expect(status().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'yes');

    await user.clear(box);
    await user.type(box, 'iPhone 8');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(within(status()).getByText('No: the iPhone 8 has no eSIM.')).toBeInTheDocument();
    expect(status().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'no');
    expect(calls).toEqual([]);
  });

  it('shows the info message for a blank model', async () => {
    recordAi();
    const user = await renderPage();
    await within(status()).findByText(/computer/);
    await user.type(screen.getByRole('textbox', { name: 'Device model' }), '   {Enter}');
    expect(within(status()).getByText('Please enter a device model.')).toBeInTheDocument();
    expect(status().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'info');
  });

  it('asks the AI about an unknown model, disabling the form while it checks', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = recordAi(
      () => JSON.stringify({ isCompatible: 'UNCERTAIN', reason: 'Depends on the region.' }),
      held,
    );
    const user = await renderPage();
    await within(status()).findByText(/computer/);
    const box = screen.getByRole('textbox', { name: 'Device model' });
    await user.type(box, 'Nothing Phone 2{Enter}');
    expect(await within(status()).findByText('Checking Nothing Phone 2…')).toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    release();
    expect(await within(status()).findByText('Depends on the region.')).toBeInTheDocument();
    expect(within(status()).getByText('Not sure')).toBeInTheDocument();
    expect(within(status()).getByText(/comes from our AI assistant/)).toBeInTheDocument();
    expect(box).toBeEnabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prompt).toContain('"Nothing Phone 2"');
    expect(calls[0]?.schema).toEqual(['isCompatible', 'reason']);
  });

  it.each([
    ['malformed JSON', () => 'YES!'],
    ['the wrong shape', () => '{"isCompatible":true}'],
    ['empty text', () => ''],
  ])('shows the error message for %s', async (_, answer) => {
    recordAi(answer);
    const user = await renderPage();
    await within(status()).findByText(/computer/);
    await user.type(
      screen.getByRole('textbox', { name: 'Device model' }),
      'Nothing Phone 2{Enter}',
    );
    expect(
      await within(status()).findByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(status().querySelector('[data-tone]')).toHaveAttribute('data-tone', 'error');
  });

  it('shows the error message when the call fails', async () => {
    server.use(
      http.post(`${GEMINI}/*`, () => HttpResponse.json({ error: { code: 500 } }, { status: 500 })),
    );
    const user = await renderPage();
    await within(status()).findByText(/computer/);
    await user.type(
      screen.getByRole('textbox', { name: 'Device model' }),
      'Nothing Phone 2{Enter}',
    );
    expect(
      await within(status()).findByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('fills the box from an Android user agent and checks it by itself, with no AI call', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(androidUa);
    const calls = recordAi();
    await renderPage();
    expect(await screen.findByDisplayValue('Galaxy S23 Ultra')).toBeInTheDocument();
    expect(
      await within(status()).findByText('Yes: the Galaxy S23 Ultra supports eSIM.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('checks an Android model the table does not know with the AI', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(xiaomiUa);
    const calls = recordAi(() =>
      JSON.stringify({ isCompatible: 'YES', reason: 'The Xiaomi 13 Lite has eSIM.' }),
    );
    await renderPage();
    expect(await within(status()).findByText('The Xiaomi 13 Lite has eSIM.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Device model' })).toHaveValue('Xiaomi 2211133G');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.schema).toEqual(['isCompatible', 'reason']);
  });

  it('asks the AI detector when the browser keeps the model to itself, and hints when it finds none', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(iphoneUa);
    const calls = recordAi(() => '');
    await renderPage();
    expect(
      await within(status()).findByText(/iPhones don't tell websites their model/),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prompt).toContain(`User agent: ${iphoneUa}`);
    expect(calls[0]?.schema).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Device model' })).toHaveValue('');
  });

  it('uses a model the AI detector finds', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    );
    const calls = recordAi((call) => (call.prompt.includes('User agent:') ? 'Google Pixel 7' : ''));
    await renderPage();
    expect(await screen.findByDisplayValue('Pixel 7')).toBeInTheDocument();
    expect(
      await within(status()).findByText('Yes: the Pixel 7 supports eSIM.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('lists popular devices by brand, open by default; choosing one checks it', async () => {
    recordAi();
    const user = await renderPage();
    await within(status()).findByText(/computer/);
    const toggle = screen.getByRole('button', { name: 'Popular devices' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const brands = ['Apple', 'Samsung', 'Google', 'Other'];
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(brands);
    const samsung = screen.getByRole('list', { name: 'Samsung' });
    await user.click(within(samsung).getByRole('button', { name: 'Galaxy S24 Ultra' }));
    expect(screen.getByRole('textbox', { name: 'Device model' })).toHaveValue('Galaxy S24 Ultra');
    expect(
      within(status()).getByText('Yes: the Galaxy S24 Ultra supports eSIM.'),
    ).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Samsung' })).not.toBeInTheDocument();
  });

  it('works in Burmese, and sends Zawgyi text to the AI as Unicode', async () => {
    const calls = recordAi(() => JSON.stringify({ isCompatible: 'NO', reason: 'eSIM မပါပါ။' }));
    const user = await renderPage('my');
    expect(await within(status()).findByText(/ကွန်ပျူတာမှ/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'ဖုန်းမော်ဒယ်' }), 'Galaxy S20 FE ဖုန္း{Enter}');
    expect(await within(status()).findByText('eSIM မပါပါ။')).toBeInTheDocument();
    expect(within(status()).getByText('အသုံးပြု၍ မရပါ')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.prompt).toContain('"Galaxy S20 FE ဖုန်း"');
    expect(calls[0]?.prompt).toContain('in Burmese');
  });
});
