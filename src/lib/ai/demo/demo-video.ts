import { createDemoVideoCalls, type DemoJob } from '#domain/demo-ai/demo-video-calls';
import type { GeminiCall } from '#domain/demo-ai/gemini-rest';

/**
 * The demo video's pictures: a few seconds of canvas animation recorded in the browser with
 * MediaRecorder (no media file ships with the site).
 */

const DURATION_MS = 4000;
const FPS = 30;
const WIDTH = 640;
const HEIGHT = 360;

async function loadImage(image: DemoJob['image']): Promise<ImageBitmap | undefined> {
  if (!image || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bytes = Uint8Array.from(atob(image.base64), (char) => char.charCodeAt(0));
    return await createImageBitmap(new Blob([bytes], { type: image.mimeType }));
  } catch {
    return undefined;
  }
}

/** Splits `text` into at most `maxLines` lines that fit `width` (an ellipsis ends a cut). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number, maxLines: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= width || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) lines.push(line);
  if (lines.length === maxLines && words.join(' ') !== lines.join(' ')) {
    lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  }
  return lines;
}

type Scene = { hue: number; stars: [number, number, number][]; image: ImageBitmap | undefined };

function drawFrame(context: CanvasRenderingContext2D, scene: Scene, prompt: string, t: number) {
  const { hue, stars, image } = scene;
  if (image) {
    const zoom = 1 + 0.12 * t;
    const scale = Math.max(WIDTH / image.width, HEIGHT / image.height) * zoom;
    const w = image.width * scale;
    const h = image.height * scale;
    context.drawImage(image, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    context.fillStyle = 'rgba(5, 8, 24, 0.35)';
    context.fillRect(0, 0, WIDTH, HEIGHT);
  } else {
    const sky = context.createLinearGradient(0, 0, 0, HEIGHT);
    sky.addColorStop(0, `hsl(${hue} 60% ${10 + 8 * t}%)`);
    sky.addColorStop(1, `hsl(${(hue + 40) % 360} 70% ${28 + 12 * t}%)`);
    context.fillStyle = sky;
    context.fillRect(0, 0, WIDTH, HEIGHT);
    for (const [x, y, phase] of stars) {
      context.fillStyle = `rgba(255,255,255,${0.35 + 0.65 * Math.abs(Math.sin(phase + t * 6))})`;
      context.fillRect(x, y, 2, 2);
    }
    // A golden stupa that catches the rising light.
    context.fillStyle = `hsl(45 90% ${45 + 15 * t}%)`;
    context.beginPath();
    context.moveTo(320, 110);
    context.quadraticCurveTo(352, 230, 380, 290);
    context.lineTo(260, 290);
    context.quadraticCurveTo(288, 230, 320, 110);
    context.fill();
    context.fillStyle = `hsl(${(hue + 200) % 360} 40% 10%)`;
    context.fillRect(0, 290, WIDTH, HEIGHT - 290);
  }
  // Lanterns drifting up.
  for (let i = 0; i < 6; i++) {
    const x = 60 + i * 100 + Math.sin(t * 4 + i) * 12;
    const y = HEIGHT - ((t * 260 + i * 55) % (HEIGHT + 40));
    context.fillStyle = 'rgba(255, 190, 90, 0.9)';
    context.beginPath();
    context.ellipse(x, y, 7, 10, 0, 0, Math.PI * 2);
    context.fill();
  }
  context.fillStyle = 'rgba(5, 8, 24, 0.72)';
  context.fillRect(0, HEIGHT - 76, WIDTH, 76);
  context.fillStyle = '#ffffff';
  context.font = '600 18px "Noto Sans Myanmar", system-ui, sans-serif';
  wrap(context, prompt, WIDTH - 40, 2).forEach((line, index) =>
    context.fillText(line, 20, HEIGHT - 46 + index * 26),
  );
}

const recorderType = () =>
  ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );

/** Records a few seconds of animation for `job`; fails where canvas recording is unavailable. */
export async function recordDemoVideo(job: DemoJob): Promise<Blob> {
  if (typeof MediaRecorder === 'undefined' || typeof document === 'undefined') {
    throw new Error('This browser cannot record a canvas');
  }
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context || typeof canvas.captureStream !== 'function') {
    throw new Error('This browser cannot record a canvas');
  }
  let seed = [...job.prompt].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  const random = () => (seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
  const scene: Scene = {
    hue: Math.floor(random() * 360),
    stars: Array.from({ length: 90 }, () => [random() * WIDTH, random() * 250, random() * Math.PI]),
    image: await loadImage(job.image),
  };
  drawFrame(context, scene, job.prompt, 0);
  const stream = canvas.captureStream(FPS);
  const mimeType = recorderType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  // The clock starts when the recorder does: on a busy phone it may start a second late, and the
  // frames drawn before would be lost (the video a second short).
  const recording = new Promise<void>((resolve) => (recorder.onstart = () => resolve()));
  recorder.start(250);
  await recording;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      drawFrame(context, scene, job.prompt, Math.min(1, elapsed / DURATION_MS));
      if (elapsed >= DURATION_MS) resolve();
      else setTimeout(tick, 1000 / FPS);
    };
    tick();
  });
  // One more frame interval, so the last frame drawn reaches the recorder before it stops.
  await new Promise((resolve) => setTimeout(resolve, 1000 / FPS));
  recorder.stop();
  await stopped;
  stream.getTracks().forEach((track) => track.stop());
  scene.image?.close();
  const type = (recorder.mimeType || mimeType || 'video/webm').split(';')[0]!;
  return new Blob(chunks, { type });
}

/** The answer to one demo Veo call, recorded on this browser's canvas. */
/** The page's demo operations (the shop is one page: one holder for its life). */
const videoCalls = createDemoVideoCalls();

export const answerDemoVideoCall = (call: GeminiCall) => videoCalls.answer(call, recordDemoVideo);
