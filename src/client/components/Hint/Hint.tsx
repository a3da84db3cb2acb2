import { lazy, Suspense, type ReactElement } from 'react';

const Tooltip = lazy(() => import('./HintTooltip'));

/**
 * Mantine's Tooltip around one element, with its positioning engine (floating-ui) in a chunk of
 * its own: the element renders at once, and the tooltip wraps it as soon as that chunk arrives,
 * after the page's first render, instead of weighing on the page's first script.
 */
export function Hint({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip label={label}>{children}</Tooltip>
    </Suspense>
  );
}
