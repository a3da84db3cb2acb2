import { Suspense, use, useEffect, useId, type ReactNode } from 'react';
import { useHydrated } from '../../useHydrated';

/**
 * A waiting boundary's gate: a plain promise, made once and kept here, so every render of the
 * boundary hands `use` the same promise (https://react.dev/reference/react/use), and `open`,
 * which resolves it.
 */
interface Gate {
  opened: Promise<void>;
  open: () => void;
}

/** The gates of the boundaries still waiting on a server-rendered page, by their useId. */
const gates = new Map<string, Gate>();

/**
 * Whether the visitor has acted or the page has navigated: from then on every boundary hydrates
 * at once, those whose gate is made later too (hydration may not have reached them yet).
 */
let released = false;

const WRAPPER_ATTRIBUTE = 'data-hydrate-when-seen';

/**
 * The gate of a waiting boundary, made on its first render: it opens when the wrapper's content
 * comes within half a screen of the viewport (or at the visitor's first input, `openAll`).
 */
function gateFor(id: string): Gate {
  const existing = gates.get(id);
  if (existing) return existing;
  let resolve = () => undefined as void;
  const opened = new Promise<void>((done) => {
    resolve = done;
  });
  let observer: IntersectionObserver | null = null;
  const gate: Gate = {
    opened,
    open: () => {
      observer?.disconnect();
      resolve();
    },
  };
  gates.set(id, gate);
  // The content's own boxes (the wrapper has none); not the <style> elements Mantine renders
  // before an element with responsive style props, which have no box either.
  const wrapper = document.querySelector(`[${WRAPPER_ATTRIBUTE}="${CSS.escape(id)}"]`);
  const targets = [...(wrapper?.children ?? [])].filter((child) => !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(child.tagName));
  if (released || !targets.length || typeof IntersectionObserver === 'undefined') {
    gate.open();
    return gate;
  }
  observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && gate.open(), { rootMargin: '50% 0px' });
  for (const target of targets) observer.observe(target);
  return gate;
}

/** Opens a boundary's gate and forgets it (its wrapper is gone). */
function release(id: string): void {
  gates.get(id)?.open();
  gates.delete(id);
}

/**
 * Hydrates everything still waiting, now and from now on. At the visitor's first input (whatever
 * they reach next works), and before any navigation: a navigation changes what a waiting boundary
 * reads (the location), and React holds the navigation until that boundary has hydrated, which a
 * footer never seen would never do. Every navigation starts from an input (a tap, a key, or a
 * click an assistive technology makes without either) or a move in the browser's history
 * (`popstate`), and each is heard here before the router hears it.
 */
function hydrateAllWaiting(): void {
  released = true;
  for (const gate of gates.values()) gate.open();
}

if (typeof document !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart', 'click']) document.addEventListener(type, hydrateAllWaiting, { capture: true, passive: true });
  window.addEventListener('popstate', hydrateAllWaiting);
}

/**
 * Inside the boundary. While it hydrates, it waits for the gate (React keeps the server's markup
 * meanwhile); rendered anew in the browser, it renders at once.
 */
function Gate({ id, children }: { id: string; children: ReactNode }) {
  const hydrating = !useHydrated();
  if (hydrating && typeof document !== 'undefined') use(gateFor(id).opened);
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
 * content as their own child. The wrapper reads no state of its own (no re-render after hydrating,
 * which would hand the waiting boundary new props and make React render it anew).
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  const id = useId();
  useEffect(() => () => release(id), [id]);
  return (
    <div {...{ [WRAPPER_ATTRIBUTE]: id }}>
      <Suspense>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  );
}
