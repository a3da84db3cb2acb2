import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`: for what counts down on screen (a booking's hold). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
