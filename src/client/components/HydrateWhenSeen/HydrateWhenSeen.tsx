import { Suspense, use, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useHydrated } from '../../useHydrated';

/** A promise React's `use` reads at once when it carries its status (React's own convention). */
type Gate = Promise<void> & { status?: 'fulfilled'; value?: undefined; open: () => void };

/** The gates of the boundaries still waiting on a server-rendered page, by their useId. */
const gates = new Map<string, Gate>();

function gateFor(id: string): Gate {
  let gate = gates.get(id);
  if (!gate) {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    }) as Gate;
    promise.open = () => {
      if (promise.status === 'fulfilled') return;
      promise.status = 'fulfilled';
      promise.value = undefined;
      resolve();
    };
    gates.set(id, promise);
    gate = promise;
  }
  return gate;
}

function openAll(): void {
  for (const gate of gates.values()) gate.open();
}

// Any input from the visitor hydrates everything still waiting: whatever they reach next works.
if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart']) document.addEventListener(type, openAll, { capture: true, passive: true });
}

/** While its boundary hydrates, waits for the gate; rendered anew (not hydrated), it renders at once. */
function Gate({ id, children }: { id: string; children: ReactNode }) {
  const hydrating = !useHydrated();
  if (hydrating && typeof document !== 'undefined') use(gateFor(id) as Promise<void>);
  return children;
}

/**
 * Server-rendered content that hydrates when it comes near the screen, or at the visitor's first
 * input, whichever is first. Until then it is the server's markup, painted and readable, without
 * its event handlers: a phone does not spend its first seconds hydrating a page it has not
 * scrolled to. The content is a Suspense boundary whose hydration waits on a promise; React keeps
 * the server's markup meanwhile and hydrates it when the promise resolves
 * (https://react.dev/reference/react/Suspense). Rendered in the browser (after a navigation, or
 * on the dashboard) it renders at once. The wrapper is `display: contents`, so layouts see the
 * content as their own child.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // React hydrates a Suspense boundary's content after committing its parent: this effect runs
  // before the gate's first render, so it sets the gate up itself, when the wrapper was hydrated.
  const hydrated = useHydrated();
  const wasHydrating = useRef(!hydrated && typeof document !== 'undefined');
  useEffect(() => {
    if (!wasHydrating.current) return undefined;
    const gate = gateFor(id);
    // The content's own boxes (the wrapper has none); not the <style> elements Mantine renders
    // before an element with responsive style props, which have no box either.
    const targets = [...(ref.current?.children ?? [])].filter((child) => !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(child.tagName));
    if (!targets.length || typeof IntersectionObserver === 'undefined') {
      gate.open();
      return undefined;
    }
    // Half a screen's height of margin: content scrolled towards is ready by the time it shows.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        gate.open();
        observer.disconnect();
      },
      { rootMargin: '50% 0px' },
    );
    for (const target of targets) observer.observe(target);
    return () => {
      observer.disconnect();
      gate.open();
      gates.delete(id);
    };
  }, [id]);
  // The same element while the children are the same: the wrapper renders again right after its
  // own hydration (useHydrated), and new props would make React render the waiting boundary anew.
  const content = useMemo(
    () => (
      <Suspense>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    ),
    [id, children],
  );
  return (
    <div ref={ref} data-hydrate-when-seen="">
      {content}
    </div>
  );
}
