import type { NotificationData } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { notify as notifySite } from '../../notify';
import { errorMessage, isUnauthorized } from './helpers';
import { WithReferences } from './parts';

const keepReferences = (text: ReactNode): ReactNode => (typeof text === 'string' ? createElement(WithReferences, null, text) : text);

/** A notice of the dashboard, as the site's; a booking's reference in its words stays whole (WithReferences). */
export function notify(data: NotificationData): void {
  notifySite({ ...data, title: keepReferences(data.title), message: keepReferences(data.message) });
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
