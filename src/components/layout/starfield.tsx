import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { afterInteractive } from '../../lib/after-interactive';
import { frameClockOf } from '../../lib/frame-clock';
import { createSky, type Sky, type SkySize } from './starfield-sky';
import type { ToStarfieldWorker } from './starfield.worker';

/** The stars move unless the visitor asked for reduced motion or the tab is hidden. */
const isMoving = (still: boolean) => !still && !document.hidden;

const skySize = (): SkySize => ({
  width: window.innerWidth,
  height: window.innerHeight,
  ratio: Math.min(window.devicePixelRatio || 1, 2),
});

/**
 * Hands the canvas to a worker that draws every frame (starfield.worker.ts), where the browser
 * allows; else draws on the page. A canvas can be handed over only once: if that fails, the page
 * keeps its plain night sky.
 */
function startSky(canvas: HTMLCanvasElement, size: SkySize, moving: boolean): Sky | undefined {
  if (typeof Worker === 'undefined' || !('transferControlToOffscreen' in canvas)) {
    return createSky(canvas, frameClockOf(window), size, moving);
  }
  try {
    const offscreen = canvas.transferControlToOffscreen();
    const worker = new Worker(new URL('./starfield.worker.ts', import.meta.url), {
      type: 'module',
    });
    const send = (message: ToStarfieldWorker, transfer: Transferable[] = []) =>
      worker.postMessage(message, transfer);
    worker.onerror = (event) => {
      // Decoration only: a sky that cannot be drawn is left dark.
      event.preventDefault();
      worker.terminate();
    };
    send({ type: 'start', canvas: offscreen, size, moving }, [offscreen]);
    return {
      resize: (next) => send({ type: 'resize', size: next }),
      setMoving: (next) => send({ type: 'moving', moving: next }),
      stop: () => worker.terminate(),
    };
  } catch {
    return undefined;
  }
}

/**
 * A quiet animated starfield behind every page; a still sky under prefers-reduced-motion (and
 * while the tab is hidden), following a change of the setting at once. The stars appear when the
 * page has loaded and is idle (until then the page's night colour is the sky) and are drawn in a
 * worker where the browser allows, so that decoration never competes with the first paint or
 * with a tap.
 */
export function Starfield() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const still = useReducedMotion();
  const stillRef = useRef(still);
  const skyRef = useRef<Sky | undefined>(undefined);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const cancelStart = afterInteractive(() => {
      skyRef.current = startSky(canvas, skySize(), isMoving(stillRef.current));
    });
    const onResize = () => skyRef.current?.resize(skySize());
    const onVisibility = () => skyRef.current?.setMoving(isMoving(stillRef.current));
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelStart();
      skyRef.current?.stop();
      skyRef.current = undefined;
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  useEffect(() => {
    stillRef.current = still;
    skyRef.current?.setMoving(isMoving(still));
  }, [still]);

  return <canvas ref={canvasRef} className="starfield" aria-hidden="true" />;
}
