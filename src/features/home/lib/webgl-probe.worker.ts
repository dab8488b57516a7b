import { probeCanvas } from './webgl-probe';

/** Runs the WebGL probe off the main thread: creating a context can take tens of milliseconds. */
const scope = globalThis as unknown as { postMessage: (message: unknown) => void };
scope.postMessage(probeCanvas(new OffscreenCanvas(1, 1)));
