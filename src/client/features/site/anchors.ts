import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { logWarning } from '../../log';
import { stripLocale } from '../../../shared/i18n/locales';
import { focusWithoutScroll } from '../../focus';
import { localePath } from '../../i18n';

export type Anchor = 'cars' | 'booking' | 'about' | 'contact';

/** On the root element: every part is laid out, near the screen or not (global.css). */
export const RENDER_ALL_CLASS = 'render-all';

/** Scrolls smoothly to a section of the home page; a missing target is only logged. */
export function scrollToAnchor(anchor: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const target = document.getElementById(anchor);
  if (!target) {
    logWarning(`Section #${anchor} was not found on this page`);
    return false;
  }
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  // Parts far from the screen are not laid out yet (content-visibility: auto) and stand in with an
  // estimated height: laid out now, the section lands where it really is.
  document.documentElement.classList.add(RENDER_ALL_CLASS);
  target.scrollIntoView({ behavior: reduce ? 'auto' : behavior, block: 'start' });
  return true;
}

/** Scrolls to a section, as a visitor's jump to it (a menu entry, Browse our fleet), and takes the focus there. */
export function goToSection(anchor: string, behavior: ScrollBehavior = 'smooth'): void {
  if (scrollToAnchor(anchor, behavior)) focusWithoutScroll(document.getElementById(anchor)!);
}

/** How long a section named by the address may take to arrive (its part of the page still loading) before it is given up on. */
const SECTION_WAIT_MS = 10_000;

/**
 * Goes to a section (goToSection) once it is on the page: at once, or when the part of the page that holds it
 * has loaded (the home page's lower sections are a chunk of their own, which a slow phone may take
 * seconds to fetch after "Contact" was tapped on another page). Returns a function that stops waiting.
 */
export function goToSectionWhenThere(anchor: string, behavior: ScrollBehavior = 'auto'): () => void {
  if (document.getElementById(anchor)) {
    goToSection(anchor, behavior);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!document.getElementById(anchor)) return;
    stop();
    goToSection(anchor, behavior);
  });
  // Given up on: the warning names the section that never came.
  const timer = window.setTimeout(() => {
    stop();
    goToSection(anchor, behavior);
  }, SECTION_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** On the home page an anchor scrolls; elsewhere it goes to the home page with that anchor. */
export function useAnchorNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (anchor: Anchor) => {
      if (stripLocale(location.pathname) === '/') {
        window.history.replaceState(null, '', `#${anchor}`);
        goToSection(anchor);
      } else {
        void navigate(`${localePath('/')}#${anchor}`);
      }
    },
    [location.pathname, navigate],
  );
}
