type SchedulerWindow = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Ends the current task and resumes in a new one, so that what the browser has waiting (a tap,
 * a frame) runs in between (decision 086). `scheduler.yield()` where the browser has it (it
 * resumes ahead of other queued work); elsewhere a message to a MessageChannel, which, unlike a
 * timer, is neither clamped nor held back in a hidden tab.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as SchedulerWindow;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
