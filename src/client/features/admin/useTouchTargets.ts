import { useEffect } from 'react';

/**
 * Marks the page as the dashboard while it is on screen, for touchTargets.css: its controls grow to
 * a thumb's size on phones and tablets. On <html>, because dialogs and menus are rendered at the
 * end of <body>, outside the dashboard's own elements.
 */
export function useTouchTargets(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.staffDashboard = '';
    return () => {
      delete root.dataset.staffDashboard;
    };
  }, []);
}
