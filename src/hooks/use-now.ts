import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` and at once when the tab wakes up (visible,
 * focused, restored from the back-forward cache), so a countdown is right after sleep.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const update = () => setNow(Date.now());
    const timer = setInterval(update, intervalMs);
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('pageshow', update);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('pageshow', update);
    };
  }, [intervalMs]);
  return now;
}
