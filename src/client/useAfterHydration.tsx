import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from './useHydrated';

/** Whether a page of this visit has hydrated: later pages are rendered in the browser from the start. */
let appHydrated = false;

/** Renders nothing; tells its page once hydration has reached it. */
function HydrationProbe({ onHydrated }: { onHydrated: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    appHydrated = true;
    onHydrated();
  }, [hydrated, onHydrated]);
  return null;
}

/**
 * What only the browser knows (the address's search) for a whole page: false while the page
 * hydrates the server's markup, then true, when `needed` (the address holds something the server's
 * page does not show). A page re-rendered after hydrating makes React render every region still
 * waiting to hydrate (HydrateWhenSeen) anew in the browser, which held a phone's main thread for
 * a second: so the switch happens only when the address asks for it, and comes from a probe rather
 * than from useHydrated at the page's root. Render `probe` somewhere in the page. A page rendered
 * in the browser from the start (after a navigation) is ready at once.
 */
export function useAfterHydration(needed: boolean): { ready: boolean; probe: ReactNode } {
  const [ready, setReady] = useState(() => appHydrated);
  const onHydrated = useCallback(() => setReady(true), []);
  return { ready, probe: ready || !needed ? null : <HydrationProbe onHydrated={onHydrated} /> };
}
