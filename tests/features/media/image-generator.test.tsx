import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageGenerationPage } from '../../../src/pages/image-generation-page';
import { renderWithProviders } from '../../support/render';
import { server } from '../../support/msw-server';
import { geminiAnswer, generateUrl } from '../../support/ai';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Scripts the image; with `held`, the answer is sent only once `held` resolves (a state, not a time). */
function answerWithImage(onCall?: (body: unknown) => void, held?: Promise<void>) {
  let calls = 0;
  server.use(
    http.post(generateUrl, async ({ request }) => {
      calls += 1;
      onCall?.(await request.json());
      await held;
      return geminiAnswer({ inlineData: { mimeType: 'image/png', data: PNG } });
    }),
  );
  return () => calls;
}

/** A promise and what resolves it: an answer held until the test has seen the busy state. */
function hold() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

const renderPage = (language: 'en' | 'my' = 'en') =>
  renderWithProviders(<ImageGenerationPage />, { namespaces: ['media'], language });

beforeEach(() => {
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:image-${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

describe('the image generation page', () => {
  it('blocks a blank prompt', async () => {
    const calls = answerWithImage();
    await renderPage();
    const button = screen.getByRole('button', { name: 'Generate image' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Describe your image'), '   {Enter}');
    expect(button).toBeDisabled();
    expect(calls()).toBe(0);
  });

  it('generates on Enter, shows a loading card, then the image with a download button', async () => {
    let body: unknown;
    const { held, release } = hold();
    answerWithImage((b) => (body = b), held);
    await renderPage();
    await userEvent.type(screen.getByLabelText('Describe your image'), 'A pagoda at sunset{Enter}');
    expect(await screen.findByText('Drawing your image')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Time elapsed: 0:0');
    expect(screen.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    release();

    const image = await screen.findByRole('img', {
      name: 'AI-generated image of: A pagoda at sunset',
    });
    expect(image).toHaveAttribute('src', 'blob:image-1');
    expect(screen.getByRole('heading', { name: 'Your image' })).toHaveFocus();
    const download = screen.getByRole('link', { name: 'Download image' });
    expect(download).toHaveAttribute('href', 'blob:image-1');
    // jsdom cannot re-encode, so the type stays honest: a PNG is offered as a PNG.
    expect(download.getAttribute('download')).toMatch(/^ai-image-\d{8}-\d{6}\.png$/);
    expect(screen.getByText('Format: PNG')).toBeInTheDocument();
    expect(body).toMatchObject({ contents: [{ parts: [{ text: 'A pagoda at sunset' }] }] });
  });

  it('keeps Shift+Enter as a new line and sends one request while busy', async () => {
    const { held, release } = hold();
    const calls = answerWithImage(undefined, held);
    await renderPage();
    const prompt = screen.getByLabelText('Describe your image');
    await userEvent.type(prompt, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(prompt).toHaveValue('Line one\nLine two');
    expect(calls()).toBe(0);
    await userEvent.type(prompt, '{Enter}');
    await screen.findByRole('button', { name: 'Generating…' });
    await userEvent.type(prompt, '{Enter}');
    release();
    await screen.findByRole('img', { name: /AI-generated image of: Line one/ });
    expect(calls()).toBe(1);
  });

  it('shows the error card when generation fails, and replaces an old image', async () => {
    answerWithImage();
    await renderPage();
    const prompt = screen.getByLabelText('Describe your image');
    await userEvent.type(prompt, 'First{Enter}');
    await screen.findByRole('img', { name: /First/ });
    server.use(
      http.post(generateUrl, () =>
        HttpResponse.json({ error: { code: 500, message: 'boom' } }, { status: 500 }),
      ),
    );
    await userEvent.type(prompt, ' again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while generating the image. Please try again.',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:image-1');
  });

  it.each([
    ['en', "Today's budget for AI images is used up."],
    ['my', 'ယနေ့အတွက် AI ပုံဖန်တီးနိုင်သည့် အကြိမ်ရေ ကုန်သွားပါပြီ။'],
  ] as const)(
    'says plainly when the shop server says today’s image budget is spent (%s)',
    async (language, text) => {
      let calls = 0;
      server.use(
        http.post(generateUrl, () => {
          calls += 1;
          return HttpResponse.json(
            { error: { code: 'budget_spent', message: 'Spent.' } },
            { status: 429 },
          );
        }),
      );
      await renderPage(language);
      await userEvent.type(screen.getByRole('textbox'), 'Bagan{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      // No retry: a spent budget is spent until tomorrow.
      expect(calls).toBe(1);
    },
  );

  it('shows the error card when the model returns no image', async () => {
    server.use(http.post(generateUrl, () => geminiAnswer('No.')));
    await renderPage();
    await userEvent.type(screen.getByLabelText('Describe your image'), 'Anything{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while generating the image.',
    );
  });

  it('speaks Burmese', async () => {
    await renderPage('my');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('AI ဖြင့် ပုံဖန်တီးခြင်း');
    expect(screen.getByRole('button', { name: 'ပုံ ဖန်တီးရန်' })).toBeDisabled();
  });

  it('cancels the request and frees the image when the page is left', async () => {
    let aborted = false;
    server.use(
      http.post(generateUrl, async ({ request }) => {
        request.signal.addEventListener('abort', () => (aborted = true));
        await delay(5000);
        return HttpResponse.json({});
      }),
    );
    const { unmount } = await renderPage();
    await userEvent.type(screen.getByLabelText('Describe your image'), 'Slow{Enter}');
    await screen.findByText('Drawing your image');
    unmount();
    await vi.waitFor(() => expect(aborted).toBe(true));
  });
});
