import type { FormEvent, ReactNode } from 'react';
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

/**
 * After a refused submit (useForm's onSubmit failure handler), the form's first error brought into
 * view and its field focused, so a screen reader reads the field with its error: in a long form or
 * dialog the button is at the bottom and the first error often far above it, out of sight.
 */
export function showFirstError(_errors: unknown, _values: unknown, event?: FormEvent<HTMLFormElement>): void {
  const form = event?.currentTarget;
  if (!form) return;
  window.requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (first?.matches('input, textarea, select, button')) first.focus({ preventScroll: true });
  });
}
