import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while rendering on the server and while hydrating its markup, true afterwards (and at
 * once when the page is rendered in the browser): what only the browser can know (the stored
 * theme) waits for it, so hydration finds the server's markup unchanged.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
