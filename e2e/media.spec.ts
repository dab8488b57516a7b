import type { Browser, Page } from '@playwright/test';
import { errorAnswer, type GeminiMock, type ResponseSpec } from './support/gemini';
import { e2eServers } from './support/servers';
import {
  axeViewports,
  axeViolations,
  expect,
  expectFailedLoad,
  openRoute,
  test,
  useLanguage,
} from './support/fixtures';
import { shownMy } from './support/burmese';

const IMAGE_ERROR = 'An error occurred while generating the image. Please try again.';
const VIDEO_ERROR =
  'An error occurred while generating the video. This can happen with complex prompts. Please try again with a different idea.';
const OPERATION = 'models/veo-3.0-fast-generate-001/operations/e2e-op-1';
const VIDEO_URI =
  'https://generativelanguage.googleapis.com/v1beta/files/e2e-video-1:download?alt=media';

const json = (data: unknown): ResponseSpec => ({
  contentType: 'application/json',
  body: JSON.stringify(data),
});
const running = json({ name: OPERATION });
const finished = (uri?: string) =>
  json({
    name: OPERATION,
    done: true,
    response: {
      generateVideoResponse: { generatedSamples: uri ? [{ video: { uri } }] : [] },
    },
  });

const imageAnswer = (image: Buffer): ResponseSpec =>
  json({
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
  });

/**
 * Media made here, in a blank page, so no third-party file is involved: a gradient PNG and a
 * one-second canvas animation recorded to WebM (the "video" the scripted API returns).
 */
async function makeMedia(browser: Browser): Promise<{ png: Buffer; webm: Buffer }> {
  const page = await browser.newPage();
  const media = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 96, 64);
    gradient.addColorStop(0, '#1b2557');
    gradient.addColorStop(1, '#f6c344');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 96, 64);
    const png = canvas.toDataURL('image/png').split(',')[1]!;

    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    for (let frame = 0; frame < 25; frame++) {
      context.fillStyle = `hsl(${frame * 14} 70% 50%)`;
      context.fillRect(0, 0, 96, 64);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { png, webm: btoa(binary) };
  });
  await page.close();
  return { png: Buffer.from(media.png, 'base64'), webm: Buffer.from(media.webm, 'base64') };
}

/** Records every blob URL the page revokes. */
async function watchRevokedUrls(page: Page) {
  await page.addInitScript(() => {
    const revoke = URL.revokeObjectURL.bind(URL);
    const revoked: string[] = [];
    (window as unknown as { revokedUrls: string[] }).revokedUrls = revoked;
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
      revoke(url);
    };
  });
}
const revokedUrls = (page: Page) =>
  page.evaluate(() => (window as unknown as { revokedUrls: string[] }).revokedUrls);

let webm: Buffer;
let png: Buffer;
test.beforeAll(async ({ browser }) => {
  ({ png, webm } = await makeMedia(browser));
});

test.describe('image generation', () => {
  test('an image is generated, shown inline as a JPEG and offered for download', async ({
    page,
    gemini,
  }) => {
    // The answer waits until the test has seen the drawing state: a timer here let a slow
    // machine reach the first check after the image had come (a state missed, not a bug).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    gemini.on('generateContent', async () => {
      await answered;
      return imageAnswer(png);
    });
    await openRoute(page, '/image-generation');
    const button = page.getByRole('button', { name: 'Generate image' });
    await expect(button).toBeDisabled();
    const prompt = page.getByLabel('Describe your image');
    await prompt.fill('A golden pagoda');
    await prompt.press('Shift+Enter');
    await prompt.pressSequentially('at sunset');
    await expect(prompt).toHaveValue('A golden pagoda\nat sunset');
    await prompt.press('Enter');

    await expect(page.getByText('Drawing your image')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    answer();
    const image = page.getByRole('img', { name: /AI-generated image of: A golden pagoda/ });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect(page.getByText('Format: JPEG')).toBeVisible();
    const download = page.getByRole('link', { name: 'Download image' });
    await expect(download).toHaveAttribute('download', /^ai-image-\d{8}-\d{6}\.jpg$/);

    expect(gemini.count('generateContent')).toBe(1);
    const call = gemini.calls.find((c) => c.method === 'generateContent')!;
    expect(call.url).toMatch(/models\/gemini-[\w.-]*image[\w.-]*:generateContent$/);
    expect(call.headers['x-goog-api-key']).toBe('e2e-test-key');
    expect(call.body).toMatchObject({
      generationConfig: { responseModalities: ['IMAGE'], candidateCount: 1 },
    });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.jpg$/);
  });

  test('a failed image call shows the error card', async ({ page, gemini, consoleErrors }) => {
    gemini.on('generateContent', errorAnswer(500));
    await openRoute(page, '/image-generation');
    await page.getByLabel('Describe your image').fill('A tea shop');
    await page.getByRole('button', { name: 'Generate image' }).click();
    await expect(page.getByRole('alert')).toHaveText(IMAGE_ERROR);
    await expect(page.getByRole('img')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate image' })).toBeEnabled();
    expectFailedLoad(consoleErrors, 500);
  });
});

test.describe('video generation', () => {
  test.beforeEach(async ({ page }) => {
    await watchRevokedUrls(page);
    await page.clock.install({ time: new Date('2025-03-01T09:00:00+06:30') });
  });

  /** Opens the page, then stops the clock so that only the test moves time. */
  async function openVideoPage(page: Page) {
    await openRoute(page, '/video-generation');
    await page.clock.pauseAt(new Date('2025-03-01T09:01:00+06:30'));
  }

  test('an operation that finishes on the third poll plays in the result screen; Start over clears everything', async ({
    page,
    gemini,
  }) => {
    gemini
      .on('predictLongRunning', running)
      .on('operation', running, running, finished(VIDEO_URI))
      .on('download', { contentType: 'video/webm', body: webm });
    await openVideoPage(page);

    await page.getByLabel('Describe your video').fill('Balloons over Bagan');
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'temple.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const preview = page.getByRole('img', { name: 'Start image: temple.png' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    const previewUrl = await preview.getAttribute('src');
    await page.getByRole('button', { name: 'Generate video' }).click();

    const message = page.getByTestId('video-loading-message');
    const stage = page.getByRole('status').filter({ hasText: 'checks so far' });
    await expect(page.getByRole('heading', { name: 'Creating your video' })).toBeFocused();
    await expect(message).toHaveText('Imagining the scenes from your description…');
    await expect(stage).toContainText('checks so far: 0');

    await page.clock.runFor(5000);
    await expect(message).toHaveText('Composing the camera moves and the lighting…');
    expect(gemini.count('operation')).toBe(0);
    await page.clock.runFor(5000);
    await expect(message).toHaveText('Rendering the frames. Good videos take a few minutes.');
    await expect(stage).toContainText('checks so far: 1');
    await expect(page.getByRole('timer')).toHaveText('Time elapsed: 0:10');
    await page.clock.runFor(5000);
    await expect(message).toHaveText('Thank you for waiting. Your video is on its way.');
    await page.clock.runFor(5000);
    await expect(message).toHaveText('Imagining the scenes from your description…');
    await expect(stage).toContainText('checks so far: 2');
    await page.clock.runFor(10_000);

    await expect(page.getByRole('heading', { name: 'Your video is ready' })).toBeVisible();
    expect(gemini.count('operation')).toBe(3);
    expect(gemini.count('download')).toBe(1);
    const player = page.getByLabel('Generated video: Balloons over Bagan');
    await expect(player).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => Number.isFinite(video.duration)))
      .toBe(true);
    expect(await player.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(0.5);
    const played = await player.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      return { paused: video.paused, error: video.error, ready: video.readyState };
    });
    expect(played.paused).toBe(false);
    expect(played.error).toBeNull();
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeGreaterThan(0);
    const download = page.getByRole('link', { name: 'Download video' });
    await expect(download).toHaveAttribute('download', /^ai-video-\d{8}-\d{6}\.webm$/);

    // The key travels only in a header; no URL carries it.
    const predict = gemini.calls.find((call) => call.method === 'predictLongRunning')!;
    expect(predict.body).toMatchObject({
      instances: [{ prompt: 'Balloons over Bagan', image: { mimeType: 'image/png' } }],
      parameters: { sampleCount: 1 },
    });
    for (const call of gemini.calls.filter((c) => c.method !== 'other')) {
      expect(call.url).not.toContain('e2e-test-key');
      if (call.headers['x-goog-api-key'] === undefined) {
        // CORS preflights carry no headers of their own.
        expect(call.headers['access-control-request-headers']).toContain('x-goog-api-key');
      } else {
        expect(call.headers['x-goog-api-key']).toBe('e2e-test-key');
      }
    }
    expect(gemini.calls.find((c) => c.method === 'download')?.url).toBe(VIDEO_URI);

    const videoUrl = await player.getAttribute('src');
    expect(await revokedUrls(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start over' }).click();
    const prompt = page.getByLabel('Describe your video');
    await expect(prompt).toHaveValue('');
    await expect(prompt).toBeFocused();
    await expect(page.getByRole('img')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Choose an image')).toBeVisible();
    await expect
      .poll(() => revokedUrls(page))
      .toEqual(expect.arrayContaining([previewUrl, videoUrl]));
  });

  const failures: [string, (mock: GeminiMock) => void, number?][] = [
    ['a missing link', (mock) => mock.on('operation', finished())],
    [
      'a failed download',
      (mock) => mock.on('operation', finished(VIDEO_URI)).on('download', errorAnswer(404)),
      404,
    ],
  ];
  for (const [label, setup, failedStatus] of failures) {
    test(`${label} shows the video error on the form`, async ({ page, gemini, consoleErrors }) => {
      gemini.on('predictLongRunning', running);
      setup(gemini);
      await openVideoPage(page);
      await page.getByLabel('Describe your video').fill('Night market in Yangon');
      await page.getByRole('button', { name: 'Generate video' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'checks so far: 0' })).toBeVisible();
      await page.clock.runFor(10_000);
      await expect(page.getByRole('alert')).toHaveText(VIDEO_ERROR);
      await expect(page.getByLabel('Describe your video')).toHaveValue('Night market in Yangon');
      await expect(page.getByRole('button', { name: 'Generate video' })).toBeEnabled();
      if (failedStatus) expectFailedLoad(consoleErrors, failedStatus);
    });
  }

  test('a start file that is not an image is ignored', async ({ page, gemini }) => {
    gemini.on('predictLongRunning', running).on('operation', running);
    await openVideoPage(page);
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.getByText('“notes.txt” is not an image, so it was not used.')).toBeVisible();
    await expect(page.getByRole('img')).toHaveCount(0);
    await page.getByLabel('Describe your video').fill('Fishing boats on Inle Lake');
    await page.getByRole('button', { name: 'Generate video' }).click();
    await expect(page.getByRole('heading', { name: 'Creating your video' })).toBeVisible();
    await expect.poll(() => gemini.count('predictLongRunning')).toBe(1);
    const predict = gemini.calls.find((call) => call.method === 'predictLongRunning')!;
    expect(predict.body).toEqual({
      instances: [{ prompt: 'Fishing boats on Inle Lake' }],
      parameters: { sampleCount: 1 },
    });
  });

  test('leaving the page stops the polling', async ({ page, gemini }) => {
    gemini.on('predictLongRunning', running).on('operation', running);
    await openVideoPage(page);
    await page.getByLabel('Describe your video').fill('Sunrise over Mandalay Hill');
    await page.getByRole('button', { name: 'Generate video' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'checks so far: 0' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByRole('status').filter({ hasText: 'checks so far: 1' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', {
        name: 'Partners',
      })
      .click();
    await expect(page).toHaveURL(/#\/partners$/);
    await page.clock.runFor(60_000);
    expect(gemini.count('operation')).toBe(1);
  });
});

for (const language of ['en', 'my'] as const) {
  for (const viewport of axeViewports) {
    test(`axe finds no violation on the media pages and their states (${language}, ${viewport.name})`, async ({
      page,
      gemini,
    }) => {
      await useLanguage(page, language);
      await page.setViewportSize(viewport);
      gemini
        .on('generateContent', imageAnswer(png))
        .on('predictLongRunning', running)
        .on('operation', running);
      const found: Record<string, unknown> = {};
      const check = async (name: string) => {
        const violations = await axeViolations(page);
        if (violations.length) found[name] = violations;
      };

      await openRoute(page, '/image-generation');
      await check('image form');
      await page.locator('textarea').fill('Pagoda');
      await page.locator('textarea').press('Enter');
      await expect(page.locator('.media-result img')).toBeVisible();
      await check('image result');

      await openRoute(page, '/video-generation');
      await page.locator('input[type=file]').setInputFiles({
        name: 'temple.png',
        mimeType: 'image/png',
        buffer: png,
      });
      await expect(page.locator('.media-preview img')).toBeVisible();
      await check('video form');
      await page.locator('textarea').fill('Bagan');
      await page.locator('textarea').press('Enter');
      await expect(page.locator('.media-progress')).toBeVisible();
      await check('video progress');
      expect(found).toEqual({});
    });
  }
}

test('the video result screen passes axe in Burmese on a phone', async ({ page, gemini }) => {
  await useLanguage(page, 'my');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install({ time: new Date('2025-03-01T09:00:00+06:30') });
  gemini
    .on('predictLongRunning', running)
    .on('operation', finished(VIDEO_URI))
    .on('download', { contentType: 'video/webm', body: webm });
  await openRoute(page, '/video-generation');
  await page.clock.pauseAt(new Date('2025-03-01T09:01:00+06:30'));
  await page.locator('textarea').fill('ပုဂံ');
  await page.locator('textarea').press('Enter');
  await expect(page.locator('.media-progress')).toBeVisible();
  // The poll count in Myanmar digits (shared/reviews/burmese.md).
  await expect(page.locator('.media-progress [role=status]')).toContainText('၀');
  await page.clock.runFor(10_000);
  await expect(page.locator('.media-result video')).toBeVisible();
  await expect(page.getByRole('button', { name: shownMy('အစမှ ပြန်စရန်') })).toBeVisible();
  await page.clock.resume(); // axe waits on timers of its own
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('demo mode', () => {
  test.use({ baseURL: e2eServers.demo.url });

  test('both pages work with no AI service: a drawn image and a recorded video', async ({
    page,
  }) => {
    test.slow();
    const aiRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googleapis.com')) aiRequests.push(request.url());
    });
    await openRoute(page, '/image-generation');
    await expect(page.getByText(/Demo mode: pictures and videos are drawn/)).toBeVisible();
    await page.getByLabel('Describe your image').fill('Shwedagon at night');
    await page.getByLabel('Describe your image').press('Enter');
    const image = page.getByRole('img', { name: /AI-generated image of: Shwedagon at night/ });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), {
        message: 'the drawn image has loaded (its natural width)',
      })
      .toBeGreaterThan(0);

    await openRoute(page, '/video-generation');
    await page.getByLabel('Describe your video').fill('Lanterns over Inle Lake');
    await page.getByRole('button', { name: 'Generate video' }).click();
    await expect(page.getByRole('heading', { name: 'Creating your video' })).toBeVisible();
    const player = page.getByLabel('Generated video: Lanterns over Inle Lake');
    await expect(player).toBeVisible({ timeout: 40_000 });
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((video: HTMLVideoElement) => video.error)).toBeNull();
    // Four seconds of animation, with a duration the player can show. The bound is loose on
    // purpose: a busy machine's encoder may drop the last frames, never most of them.
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.duration), {
        message: 'the recorded video has a finite duration of seconds',
      })
      .toBeLessThan(Number.POSITIVE_INFINITY);
    expect(
      await player.evaluate((video: HTMLVideoElement) => video.duration),
      'the recorded video lasts most of its four seconds',
    ).toBeGreaterThan(2);
    expect(aiRequests).toEqual([]);
  });
});
