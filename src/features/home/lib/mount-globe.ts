import { frameClockOf } from '../../../lib/frame-clock';
import { runGlobeLoop, type GlobeEvents } from './globe-loop';
import type { FromGlobeWorker, ToGlobeWorker } from './globe-scene-worker';

export type GlobeOptions = GlobeEvents & {
  /** Whether to give up (onLost) when the first frames show the device is too slow. */
  judgeSpeed: boolean;
};

/** A running globe, wherever it is drawn. */
type GlobeDriver = {
  resize: (size: number) => void;
  setActive: (active: boolean) => void;
  stop: () => void;
};

function addCanvas(host: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'globe__canvas';
  canvas.setAttribute('aria-hidden', 'true');
  host.append(canvas);
  return canvas;
}

/**
 * Hands the canvas to a worker that loads three.js and draws every frame (globe-scene-worker.ts).
 * Rejects when this browser cannot draw WebGL in a worker; the canvas is then spent.
 */
function startInWorker(
  canvas: HTMLCanvasElement,
  size: number,
  pixelRatio: number,
  options: GlobeOptions,
): Promise<GlobeDriver> {
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('./globe-scene-worker.ts', import.meta.url), {
    type: 'module',
  });
  const send = (message: ToGlobeWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);

  return new Promise((resolve, reject) => {
    let started = false;
    const fail = (reason: string) => {
      worker.terminate();
      if (started) options.onLost();
      else reject(new Error(reason));
    };
    worker.onmessage = ({ data }: MessageEvent<FromGlobeWorker>) => {
      if (data.type === 'started') {
        started = true;
        resolve({
          resize: (next) => send({ type: 'resize', size: next }),
          setActive: (active) => send({ type: 'active', active }),
          stop: () => worker.terminate(),
        });
      } else if (data.type === 'failed') fail(data.reason);
      else if (data.type === 'ready') options.onReady();
      else options.onLost();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || 'The globe worker stopped.');
    };
    send({ type: 'start', canvas: offscreen, size, pixelRatio, judgeSpeed: options.judgeSpeed }, [
      offscreen,
    ]);
  });
}

/** Loads three.js on the page and draws there: for browsers without WebGL in workers. */
async function startOnMainThread(
  canvas: HTMLCanvasElement,
  size: number,
  pixelRatio: number,
  options: GlobeOptions,
): Promise<GlobeDriver> {
  const { createGlobeScene } = await import('./globe-scene');
  const scene = await createGlobeScene(canvas, size, pixelRatio);
  const loop = runGlobeLoop(scene.draw, frameClockOf(window), options);
  const onContextLost = (event: Event) => {
    event.preventDefault();
    loop.stop();
    options.onLost();
  };
  canvas.addEventListener('webglcontextlost', onContextLost);
  return {
    resize: (next) => {
      scene.resize(next);
      loop.redraw();
    },
    setActive: loop.setActive,
    stop: () => {
      loop.stop();
      canvas.removeEventListener('webglcontextlost', onContextLost);
      scene.dispose();
    },
  };
}

/**
 * Draws a dotted, slowly turning globe with a marker at Yangon into `host`: in a worker where the
 * browser allows (the page's main thread then does no 3D work at all), else on the page. It draws
 * only while on screen and while the page is shown. Resolves with a function that stops it and
 * frees every GPU resource.
 */
export async function mountGlobe(host: HTMLElement, options: GlobeOptions): Promise<() => void> {
  const size = () => Math.max(1, Math.round(host.clientWidth));
  const pixelRatio = Math.min(window.devicePixelRatio || 1, 1.5);
  let canvas = addCanvas(host);
  let driver: GlobeDriver | undefined;
  try {
    if (typeof Worker !== 'undefined' && 'transferControlToOffscreen' in canvas) {
      driver = await startInWorker(canvas, size(), pixelRatio, options).catch(() => {
        canvas.remove();
        canvas = addCanvas(host);
        return undefined;
      });
    }
    driver ??= await startOnMainThread(canvas, size(), pixelRatio, options);
  } catch (error) {
    canvas.remove();
    throw error;
  }
  const running = driver;

  let visible = true;
  const update = () => running.setActive(visible && !document.hidden);
  const intersection = new IntersectionObserver((entries) => {
    visible = entries.some((entry) => entry.isIntersecting);
    update();
  });
  intersection.observe(host);
  const sizeObserver = new ResizeObserver(() => running.resize(size()));
  sizeObserver.observe(host);
  document.addEventListener('visibilitychange', update);
  update();

  return () => {
    intersection.disconnect();
    sizeObserver.disconnect();
    document.removeEventListener('visibilitychange', update);
    running.stop();
    canvas.remove();
  };
}
