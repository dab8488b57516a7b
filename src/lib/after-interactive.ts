type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `task` once the page has loaded and the main thread is idle, so that decoration never
 * competes with the page becoming interactive. Returns a function that cancels it.
 */
export function afterInteractive(task: () => void, idleTimeoutMs = 3_000): () => void {
  const win = window as IdleWindow;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const whenIdle = () => {
    if (win.requestIdleCallback) {
      idleHandle = win.requestIdleCallback(task, { timeout: idleTimeoutMs });
    } else {
      timer = setTimeout(task, 1_000);
    }
  };

  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  return () => {
    window.removeEventListener('load', whenIdle);
    if (idleHandle !== undefined) win.cancelIdleCallback?.(idleHandle);
    clearTimeout(timer);
  };
}
