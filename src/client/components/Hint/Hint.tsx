import { cloneElement, lazy, startTransition, Suspense, useCallback, useState, type ReactElement } from 'react';

const Tooltip = lazy(() => import('./HintTooltip'));

type Trigger = 'hover' | 'focus';
type TargetProps = { onMouseEnter?: () => void; onFocus?: () => void; ref?: (node: HTMLElement | null) => void };

/**
 * Mantine's Tooltip around one element, loaded the first time the pointer or the keyboard
 * reaches it: the tooltip's positioning engine would otherwise be in every page's first script.
 * The swap happens in a transition, so the element stays on screen while the code loads; the
 * hint then opens at once.
 */
export function Hint({ label, children }: { label: string; children: ReactElement<TargetProps> }) {
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  // The swap mounts the element anew: one reached by the keyboard gets its focus back, unless it has moved on.
  const keepFocus = useCallback(
    (node: HTMLElement | null) => {
      if (node && trigger === 'focus' && (!document.activeElement || document.activeElement === document.body)) node.focus();
    },
    [trigger],
  );
  const engage = (how: Trigger) => () => startTransition(() => setTrigger(how));
  return (
    <Suspense fallback={children}>
      {trigger ? (
        <Tooltip label={label} defaultOpened>
          {cloneElement(children, { ref: keepFocus })}
        </Tooltip>
      ) : (
        cloneElement(children, { onMouseEnter: engage('hover'), onFocus: engage('focus') })
      )}
    </Suspense>
  );
}
