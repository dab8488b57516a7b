import { frameClockOf, type FrameScope } from '../../../lib/frame-clock';
import { runGlobeLoop, type GlobeLoop } from './globe-loop';
import { createGlobeScene, type GlobeScene } from './globe-scene';

/**
 * Draws the 3D globe off the main thread, on a canvas the page handed over with
 * `transferControlToOffscreen()`. three.js is parsed and run here and every frame is drawn here,
 * so the page stays responsive even where WebGL is drawn in software. The file name keeps the
 * `globe-scene-` prefix: the built file is the one that holds three.js.
 */

/** Messages from the page (mount-globe.ts). */
export type ToGlobeWorker =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      size: number;
      pixelRatio: number;
      judgeSpeed: boolean;
    }
  | { type: 'resize'; size: number }
  | { type: 'active'; active: boolean };

/** Messages to the page: `started` once the scene is built, `failed` if it cannot be. */
export type FromGlobeWorker =
  { type: 'started' } | { type: 'failed'; reason: string } | { type: 'ready' } | { type: 'lost' };

type WorkerScope = FrameScope & {
  postMessage: (message: FromGlobeWorker) => void;
  onmessage: ((event: MessageEvent<ToGlobeWorker>) => void) | null;
};

const scope = globalThis as unknown as WorkerScope;
const post = (message: FromGlobeWorker) => scope.postMessage(message);

const clock = frameClockOf(scope);

let scene: GlobeScene | undefined;
let loop: GlobeLoop | undefined;
/** The last activity the page asked for, should it arrive while the scene is being built. */
let active = false;

async function start(message: Extract<ToGlobeWorker, { type: 'start' }>) {
  const { canvas } = message;
  try {
    scene = await createGlobeScene(canvas, message.size, message.pixelRatio);
  } catch (error) {
    post({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
    return;
  }
  const lost = () => {
    loop?.stop();
    post({ type: 'lost' });
  };
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    lost();
  });
  loop = runGlobeLoop(scene.draw, clock, {
    judgeSpeed: message.judgeSpeed,
    onReady: () => post({ type: 'ready' }),
    onLost: () => post({ type: 'lost' }),
  });
  post({ type: 'started' });
  loop.setActive(active);
}

scope.onmessage = ({ data }) => {
  if (data.type === 'start') {
    active = true;
    void start(data);
  } else if (data.type === 'resize') {
    scene?.resize(data.size);
    loop?.redraw();
  } else {
    active = data.active;
    loop?.setActive(active);
  }
};
