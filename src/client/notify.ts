import { notifications, type NotificationData } from '@mantine/notifications';
import { copy } from './content/site';

/**
 * Shows a notice at once. One notice is shown at a time (spec point 9), and a new outcome
 * replaces the one on screen instead of waiting behind it in the queue. Mantine's close button is
 * an icon with no name of its own: it gets one in the page's language, read when the notice shows.
 */
export function notify(data: NotificationData): void {
  notifications.clean();
  notifications.show({ ...data, closeButtonProps: { 'aria-label': copy.notifications.close, ...data.closeButtonProps } });
}
