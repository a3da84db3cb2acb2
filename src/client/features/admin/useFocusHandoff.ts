import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { takeLostFocus } from '../../focus';

/**
 * Where the keyboard's focus goes when a button that had it goes away with the change it made (Add
 * Payment once nothing is owed, Record Refund once nothing is paid): to `fallback`, instead of the
 * page's body, from where Tab would start over at the top. Returns the `onFocus` handler for such
 * buttons. Checked after each render of the component: a focus moved elsewhere meanwhile is left alone.
 */
export function useFocusHandoff(fallback: RefObject<HTMLElement | null>): (event: FocusEvent<HTMLElement>) => void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!last.current || last.current.isConnected) return;
    last.current = null;
    takeLostFocus(fallback.current);
  });
  return (event) => {
    last.current = event.currentTarget;
  };
}
