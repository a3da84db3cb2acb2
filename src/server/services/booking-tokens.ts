import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../clock';
import type { AppDeps } from '../deps';
import type { RenterMailContext } from '../mail/templates';

/** The two tokens a renter gets for a booking, each signed for one purpose only. */
type Purpose = 'documents' | 'manage';

/** How long the document token of a booking's create answer stays valid. */
const DOCUMENT_TOKEN_SECONDS = 60 * 60;
/** The manage link works while the booking matters: a year and a half covers pick-up up to a year ahead and the rental after. */
const MANAGE_TOKEN_SECONDS = 548 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, purpose: Purpose, bookingId: string, expires: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${bookingId}\n${expires}`).digest('base64url');
}

function makeToken(secret: string, purpose: Purpose, bookingId: string, seconds: number, from = clock.now()): string {
  const expires = String(Math.floor(from.getTime() / 1000) + seconds);
  return `${bookingId}.${expires}.${signature(secret, purpose, bookingId, expires)}`;
}

/** The booking a live, genuine token of `purpose` names, or null. */
function tokenBooking(secret: string, purpose: Purpose, token: string): string | null {
  const [bookingId, expires, given, ...rest] = token.split('.');
  if (rest.length || !bookingId || !UUID.test(bookingId) || !expires || !given || !/^\d+$/.test(expires)) return null;
  if (Number(expires) * 1000 < clock.now().getTime()) return null;
  const expected = Buffer.from(signature(secret, purpose, bookingId, expires));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? bookingId : null;
}

/**
 * Lets the renter replace their booking's documents for the hour after it was made (the create
 * answer's `documentToken`): an answer given again (an idempotent retry) carries a token that ends
 * when the first one does.
 */
export const makeDocumentToken = (secret: string, booking: { id: string; createdAt: string }) => makeToken(secret, 'documents', booking.id, DOCUMENT_TOKEN_SECONDS, new Date(booking.createdAt));
export const documentTokenBooking = (secret: string, token: string) => tokenBooking(secret, 'documents', token);

/** The token of a booking's "Manage your booking" link: the renter's proof that they read its e-mail. */
export const makeManageToken = (secret: string, bookingId: string) => makeToken(secret, 'manage', bookingId, MANAGE_TOKEN_SECONDS);
export const manageTokenBooking = (secret: string, token: string) => tokenBooking(secret, 'manage', token);

/** The address of a booking's manage page; the token travels in the fragment, so it never reaches a server log or a Referer. */
export function manageLink(siteUrl: string, token: string): string {
  return `${siteUrl}/my-booking#${token}`;
}

/** What a renter e-mail about `bookingId` needs: the garage's details and the booking's manage link. */
export function renterMailContext(deps: Pick<AppDeps, 'business' | 'siteUrl' | 'signingSecret'>, bookingId: string): RenterMailContext {
  return { business: deps.business, manageLink: manageLink(deps.siteUrl, makeManageToken(deps.signingSecret, bookingId)) };
}
