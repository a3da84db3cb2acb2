import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import { useCallback } from 'react';

type Position = 'bottom-center' | 'bottom-right';

/**
 * Keeps `--notices-room` on the page's root at the height the notices take at the bottom of the
 * screen, their distance from its edge included (0px while none shows). Drawers and full-screen
 * dialogs end with that much room (global.css), so what stands at their end, such as the activity
 * log's "Show older changes", can be scrolled clear of a notice instead of waiting for it to leave.
 * Mantine hands the ref to the stack of each position; only the one in use is measured. A stack
 * whose ref returned no cleanup is handed `null` when the position changes (a phone turned
 * sideways, a page laid out on paper to print), as React calls such refs.
 */
function useNoticeRoom(position: Position) {
  return useCallback(
    (stack: HTMLDivElement | null) => {
      if (stack?.dataset.position !== position) return;
      const root = document.documentElement.style;
      const observer = new ResizeObserver(() => {
        const height = stack.offsetHeight;
        root.setProperty('--notices-room', height > 0 ? `${height + parseFloat(getComputedStyle(stack).bottom)}px` : '0px');
      });
      observer.observe(stack);
      return () => {
        observer.disconnect();
        root.removeProperty('--notices-room');
      };
    },
    [position],
  );
}

/**
 * Mantine's notification stack and its transitions, in the chunk Notices loads with the first
 * notice. Notices rise from the bottom (centred on phones, in the right corner on wider screens):
 * the top of the screen holds what must stay usable while one shows — the header's links and
 * theme toggle, the receipt's Print button, the activity log's title and close button — and
 * drawers leave room at their end for them (useNoticeRoom).
 */
export default function NoticeStack(props: Omit<NotificationsProps, 'position'>) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const position: Position = phone ? 'bottom-center' : 'bottom-right';
  const measure = useNoticeRoom(position);
  return <Notifications {...props} position={position} ref={measure} />;
}
