import { messages } from '../../../shared/messages';
import { notify } from '../../notify';
import { errorMessage, isUnauthorized } from './helpers';

export { notify };

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
