import { isHardware, probeCanvas, type WebGLProbe } from './webgl-probe';
import { readText } from '../../../lib/web-storage';

/**
 * Whether this browser draws WebGL on a graphics chip. Without WebGL, or with a software renderer
 * (which would keep the processor busy every frame and drain a phone's battery), the still globe
 * stays. The probe runs in a worker where OffscreenCanvas allows, so the page never waits on it.
 */
export async function hasHardwareWebGL(): Promise<boolean> {
  return isHardware(await probe());
}

function probe(): Promise<WebGLProbe> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    return Promise.resolve(probeCanvas(document.createElement('canvas')));
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./webgl-probe.worker.ts', import.meta.url), {
      type: 'module',
    });
    const finish = (result: WebGLProbe) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<WebGLProbe>) => finish(event.data);
    worker.onerror = () => finish(probeCanvas(document.createElement('canvas')));
  });
}

/**
 * A switch for testing and demos, kept in localStorage under `esim-shop.globe`: '3d' draws the 3D
 * globe even with a software renderer and never falls back for slowness; 'still' never loads it.
 */
export const globeModeKey = 'esim-shop.globe';
export type GlobeMode = 'auto' | '3d' | 'still';

export function storedGlobeMode(): GlobeMode {
  const value = readText('local', globeModeKey);
  return value === '3d' || value === 'still' ? value : 'auto';
}
