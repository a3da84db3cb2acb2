import { notifications, type NotificationData } from '@mantine/notifications';
import { messages } from '../../../shared/messages';
import { errorMessage, isUnauthorized } from './helpers';

/**
 * Shows a notice at once. One notice is shown at a time; staff work quickly, so a new outcome
 * replaces the one on screen instead of waiting behind it in the queue.
 */
export function notify(data: NotificationData): void {
  notifications.clean();
  notifications.show(data);
}

/** A success notice: the spec's message as its title, with an optional detail line. */
export function notifySuccess(title: string, message?: string): void {
  notify({ title, message: message ?? null, color: 'green' });
}

/**
 * The spec's 'Error' notice with the server's message, or the action's default. A refused
 * session is left to the dashboard, which signs out and says the session expired.
 */
export function notifyError(error: unknown, fallback: string): void {
  if (isUnauthorized(error)) return;
  notify({ title: messages.admin.errorTitle, message: errorMessage(error, fallback), color: 'red' });
}
