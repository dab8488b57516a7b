import { frameClockOf, type FrameScope } from '../../lib/frame-clock';
import { createSky, type Sky, type SkySize } from './starfield-sky';

/**
 * Draws the starfield off the main thread, on the canvas the page handed over with
 * `transferControlToOffscreen()` (starfield.tsx): the page's own thread then spends nothing on
 * the stars, frame after frame.
 */

/** Messages from the page. */
export type ToStarfieldWorker =
  | { type: 'start'; canvas: OffscreenCanvas; size: SkySize; moving: boolean }
  | { type: 'resize'; size: SkySize }
  | { type: 'moving'; moving: boolean };

type WorkerScope = FrameScope & {
  onmessage: ((event: MessageEvent<ToStarfieldWorker>) => void) | null;
};

const scope = globalThis as unknown as WorkerScope;
let sky: Sky | undefined;

scope.onmessage = ({ data }) => {
  if (data.type === 'start') {
    sky = createSky(data.canvas, frameClockOf(scope), data.size, data.moving);
  } else if (data.type === 'resize') sky?.resize(data.size);
  else sky?.setMoving(data.moving);
};
