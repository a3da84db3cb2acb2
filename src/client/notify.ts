import { notifications, type NotificationData } from '@mantine/notifications';

/**
 * Shows a notice at once. One notice is shown at a time (spec point 9), and a new outcome
 * replaces the one on screen instead of waiting behind it in the queue.
 */
export function notify(data: NotificationData): void {
  notifications.clean();
  notifications.show(data);
}
