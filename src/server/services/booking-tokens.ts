import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../clock';
import type { AppDeps } from '../deps';
import type { GarageMailContext, RenterMailContext } from '../mail/templates';

/** The two tokens a renter gets for a booking, each signed for one purpose only. */
type Purpose = 'documents' | 'manage';

/** How long the document token of a booking's create answer stays valid. */
const DOCUMENT_TOKEN_SECONDS = 60 * 60;
/** The manage link works while the booking matters: a year and a half covers pick-up up to a year ahead and the rental after. */
const MANAGE_TOKEN_SECONDS = 548 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What a token signs. A link of version 0 signs what links signed before versions existed (they keep
 * working); a later version is signed with it, so a link of one version never opens another.
 */
function signature(secret: string, purpose: Purpose, bookingId: string, expires: string, version: number): string {
  const text = version ? `${purpose}\n${bookingId}\n${expires}\n${version}` : `${purpose}\n${bookingId}\n${expires}`;
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** `<booking id>.<expires>.<signature>`, with the version before the signature when it is not 0. */
function makeToken(secret: string, purpose: Purpose, bookingId: string, seconds: number, from = clock.now(), version = 0): string {
  const expires = String(Math.floor(from.getTime() / 1000) + seconds);
  return [bookingId, expires, ...(version ? [String(version)] : []), signature(secret, purpose, bookingId, expires, version)].join('.');
}

/** What a live, genuine token names: its booking, and the version of that booking's links it belongs to. */
export interface TokenFor {
  bookingId: string;
  version: number;
}

/** What a live, genuine token of `purpose` names, or null. */
function tokenBooking(secret: string, purpose: Purpose, token: string): TokenFor | null {
  const parts = token.split('.');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [bookingId, expires] = parts as [string, string];
  const given = parts.at(-1)!;
  // A version is written only from 1 on (version 0 is the three-part form).
  const versionText = parts.length === 4 ? parts[2]! : null;
  if (!UUID.test(bookingId) || !/^\d+$/.test(expires) || !given || (versionText !== null && !/^[1-9]\d{0,8}$/.test(versionText))) return null;
  if (Number(expires) * 1000 < clock.now().getTime()) return null;
  const version = versionText === null ? 0 : Number(versionText);
  const expected = Buffer.from(signature(secret, purpose, bookingId, expires, version));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? { bookingId, version } : null;
}

/**
 * Lets the renter replace their booking's documents for the hour after it was made (the create
 * answer's `documentToken`): an answer given again (an idempotent retry) carries a token that ends
 * when the first one does.
 */
export const makeDocumentToken = (secret: string, booking: { id: string; createdAt: string }) => makeToken(secret, 'documents', booking.id, DOCUMENT_TOKEN_SECONDS, new Date(booking.createdAt));
export const documentTokenBooking = (secret: string, token: string): string | null => {
  const named = tokenBooking(secret, 'documents', token);
  return named && !named.version ? named.bookingId : null;
};

/** The version of a new booking's links (the column's default). */
export const FIRST_LINK_VERSION = 0;

/** The facts of a booking its manage links need: which booking, and the version of its links now. */
export type LinkedBooking = { id: string; linkVersion: number };

/**
 * The token of a booking's "Manage your booking" link: the renter's proof that they read its e-mail.
 * It opens the booking while the booking's links are of its version (`refuseReplacedLink`).
 */
export const makeManageToken = (secret: string, booking: LinkedBooking) => makeToken(secret, 'manage', booking.id, MANAGE_TOKEN_SECONDS, clock.now(), booking.linkVersion);
export const manageTokenBooking = (secret: string, token: string) => tokenBooking(secret, 'manage', token);

/** The address of a booking's manage page; the token travels in the fragment, so it never reaches a server log or a Referer. */
export function manageLink(siteUrl: string, token: string): string {
  return `${siteUrl}/my-booking#${token}`;
}

/** What the garage's notices need: its details, its address for them and the site's address. */
export function garageMailContext(deps: Pick<AppDeps, 'business' | 'siteUrl' | 'mail'>): GarageMailContext {
  return { business: deps.business, to: deps.mail.garageTo, siteUrl: deps.siteUrl };
}

/** What a renter e-mail about `booking` needs: the garage's details and the booking's manage link. */
export function renterMailContext(deps: Pick<AppDeps, 'business' | 'siteUrl' | 'signingSecret'>, booking: LinkedBooking): RenterMailContext {
  return { business: deps.business, manageLink: manageLink(deps.siteUrl, makeManageToken(deps.signingSecret, booking)) };
}
