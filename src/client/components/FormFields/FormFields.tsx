import type { ReactNode } from 'react';
import { useHydrated } from '../../useHydrated';

const PLAIN = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * A form's fields, disabled until the browser has hydrated them. The page arrives rendered by the
 * server, so its inputs can be typed into before the form's script runs; what was typed then
 * would be lost to the form's state. A disabled fieldset holds them for that moment.
 */
export function FormFields({ children }: { children: ReactNode }) {
  const ready = useHydrated();
  return (
    <fieldset disabled={!ready} style={PLAIN}>
      {children}
    </fieldset>
  );
}
