import { useEffect, useState } from 'react';

/** A counter that goes up by one every `intervalMs` while the component is mounted. */
export function useTicker(intervalMs: number): number {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((value) => value + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return ticks;
}
