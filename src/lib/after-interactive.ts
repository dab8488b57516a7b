type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** How long to wait for the first paint before going on without it (e.g. in a hidden tab). */
const FIRST_PAINT_WAIT_MS = 5_000;

/**
 * Calls `next` once the page's first contentful paint is on screen. Work started earlier (a
 * worker, a WebGL context) can hold that first frame back: where software draws the graphics,
 * starting WebGL kept the first paint waiting for up to two seconds.
 */
function afterFirstPaint(next: () => void): () => void {
  const entryTypes =
    typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
  if (!entryTypes?.includes('paint')) {
    next();
    return () => {};
  }
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (done) return;
    stop();
    next();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
  });
  const timer = setTimeout(finish, FIRST_PAINT_WAIT_MS);
  observer.observe({ type: 'paint', buffered: true });
  return stop;
}

/**
 * Runs `task` once the page has loaded, its first contentful paint is on screen and the main
 * thread is idle, so that decoration never competes with the page appearing and becoming
 * interactive. Returns a function that cancels it.
 */
export function afterInteractive(task: () => void, idleTimeoutMs = 3_000): () => void {
  const win = window as IdleWindow;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelPaintWait = () => {};

  const whenIdle = () => {
    if (win.requestIdleCallback) {
      idleHandle = win.requestIdleCallback(task, { timeout: idleTimeoutMs });
    } else {
      timer = setTimeout(task, 1_000);
    }
  };
  const whenLoaded = () => {
    cancelPaintWait = afterFirstPaint(whenIdle);
  };

  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });

  return () => {
    window.removeEventListener('load', whenLoaded);
    cancelPaintWait();
    if (idleHandle !== undefined) win.cancelIdleCallback?.(idleHandle);
    clearTimeout(timer);
  };
}
