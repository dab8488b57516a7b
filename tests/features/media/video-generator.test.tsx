import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoGenerationPage } from '../../../src/pages/video-generation-page';
import { renderWithProviders } from '../../support/render';
import { GEMINI, server } from '../../support/msw-server';

const OPERATION = 'models/veo-3.0-fast-generate-001/operations/op-7';
const VIDEO_URI = `${GEMINI}/v1beta/files/vid-7:download?alt=media`;
const running = { name: OPERATION };
const done = (uri = VIDEO_URI) => ({
  name: OPERATION,
  done: true,
  response: { generateVideoResponse: { generatedSamples: uri ? [{ video: { uri } }] : [] } },
});

type Calls = { predict: unknown[]; polls: number; downloads: number };

/** Scripts Veo: the operation answers `polls` in order (the last repeats); the download answers `download`. */
function scriptVeo(
  polls: object[],
  download: () => Response = () =>
    new HttpResponse(new Uint8Array([1, 2, 3, 4]), { headers: { 'content-type': 'video/mp4' } }),
): Calls {
  const calls: Calls = { predict: [], polls: 0, downloads: 0 };
  server.use(
    http.post(`${GEMINI}/v1beta/models/:model\\:predictLongRunning`, async ({ request }) => {
      calls.predict.push(await request.json());
      return HttpResponse.json(running);
    }),
    http.get(`${GEMINI}/v1beta/models/:model/operations/:id`, () => {
      calls.polls += 1;
      return HttpResponse.json(polls.length > 1 ? polls.shift() : polls[0]);
    }),
    http.get(`${GEMINI}/v1beta/files/:file`, () => {
      calls.downloads += 1;
      return download();
    }),
  );
  return calls;
}

const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'temple.png', {
    type: 'image/png',
  });

let user: ReturnType<typeof userEvent.setup>;
let urls: string[];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // applyAccept off: a visitor can still pick "All files" in the dialog, so the page must filter.
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
  urls = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    urls.push(`blob:media-${urls.length + 1}`);
    return urls.at(-1)!;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

const renderPage = () => renderWithProviders(<VideoGenerationPage />, { namespaces: ['media'] });
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the video generation page', () => {
  it('ignores a start file that is not an image, and previews and removes an image', async () => {
    await renderPage();
    const picker = screen.getByLabelText('Choose an image');
    await user.upload(picker, new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' }));
    expect(
      screen.getByText('“ticket.pdf” is not an image, so it was not used.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    await user.upload(picker, pngFile());
    expect(screen.getByRole('img', { name: 'Start image: temple.png' })).toHaveAttribute(
      'src',
      'blob:media-1',
    );
    expect(screen.queryByText(/is not an image/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove start image' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:media-1');
    expect(screen.getByLabelText('Choose an image')).toBeInTheDocument();
  });

  it('blocks a blank prompt', async () => {
    const calls = scriptVeo([done()]);
    await renderPage();
    const button = screen.getByRole('button', { name: 'Generate video' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Describe your video'), '  {Enter}');
    expect(calls.predict).toHaveLength(0);
  });

  it('polls every 10 s, rotates the messages every 5 s and shows the video when done', async () => {
    const calls = scriptVeo([running, running, done()]);
    await renderPage();
    await user.type(screen.getByLabelText('Describe your video'), 'Balloons over Bagan');
    await user.upload(screen.getByLabelText('Choose an image'), pngFile());
    await user.click(screen.getByRole('button', { name: 'Generate video' }));

    expect(await screen.findByRole('heading', { name: 'Creating your video' })).toHaveFocus();
    const message = screen.getByTestId('video-loading-message');
    expect(message).toHaveTextContent('Imagining the scenes from your description…');
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('checks so far: 0'),
    );
    expect(calls.predict).toEqual([
      {
        instances: [
          {
            prompt: 'Balloons over Bagan',
            image: { bytesBase64Encoded: 'iVBORw0KGgo=', mimeType: 'image/png' },
          },
        ],
        parameters: { sampleCount: 1 },
      },
    ]);

    await tick(5000);
    expect(message).toHaveTextContent('Composing the camera moves and the lighting…');
    expect(calls.polls).toBe(0);
    await tick(5000);
    expect(message).toHaveTextContent('Rendering the frames.');
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('checks so far: 1'),
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Time elapsed: 0:10');
    await tick(5000);
    expect(message).toHaveTextContent('Thank you for waiting.');
    await tick(5000);
    expect(message).toHaveTextContent('Imagining the scenes');
    await vi.waitFor(() => expect(calls.polls).toBe(2));
    await tick(10_000);

    expect(await screen.findByRole('heading', { name: 'Your video is ready' })).toHaveFocus();
    expect(calls.polls).toBe(3);
    expect(calls.downloads).toBe(1);
    const player = screen.getByLabelText('Generated video: Balloons over Bagan');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', 'blob:media-2');
    const download = screen.getByRole('link', { name: 'Download video' });
    expect(download).toHaveAttribute('href', 'blob:media-2');
    expect(download.getAttribute('download')).toMatch(/^ai-video-\d{8}-\d{6}\.mp4$/);

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const prompt = screen.getByLabelText('Describe your video');
    expect(prompt).toHaveValue('');
    expect(prompt).toHaveFocus();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:media-1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:media-2');
  });

  it.each([
    ['a finished operation without a link', () => scriptVeo([done('')])],
    [
      'a failed download',
      () => scriptVeo([done()], () => HttpResponse.json({ error: { code: 403 } }, { status: 403 })),
    ],
    [
      'an operation error',
      () => scriptVeo([{ name: OPERATION, done: true, error: { code: 3, message: 'Blocked' } }]),
    ],
  ])('returns to the form with the error after %s, keeping the prompt', async (_label, setup) => {
    setup();
    await renderPage();
    await user.type(screen.getByLabelText('Describe your video'), 'Night market{Enter}');
    await screen.findByRole('heading', { name: 'Creating your video' });
    await tick(10_000);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'An error occurred while generating the video. This can happen with complex prompts. Please try again with a different idea.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Describe your video')).toHaveValue('Night market');
  });

  it('stops polling when the visitor cancels or leaves the page', async () => {
    const calls = scriptVeo([running]);
    const { unmount } = await renderPage();
    await user.type(screen.getByLabelText('Describe your video'), 'Rain in Yangon{Enter}');
    await screen.findByRole('heading', { name: 'Creating your video' });
    await tick(10_000);
    await vi.waitFor(() => expect(calls.polls).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/Video generation was cancelled/)).toHaveFocus();
    await tick(30_000);
    expect(calls.polls).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Generate video' }));
    await screen.findByRole('heading', { name: 'Creating your video' });
    await tick(10_000);
    await vi.waitFor(() => expect(calls.polls).toBe(2));
    unmount();
    await tick(30_000);
    expect(calls.polls).toBe(2);
    expect(calls.downloads).toBe(0);
  });
});
