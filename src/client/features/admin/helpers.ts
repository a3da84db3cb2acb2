import { formatDate, formatInstant, isIsoDate } from '../../../shared/dates';
import { DOCUMENT_LABELS, PAYMENT_METHOD_LABELS, PRICE_LINE_LABELS, dayCount } from '../../../shared/labels';
import { formatPeso, isMoneyString, toCentavos } from '../../../shared/money';
import type { TAuditEntry } from '../../../shared/schemas/admin.schema';
import { DOCUMENT_FIELDS, type DocumentField, type TBooking } from '../../../shared/schemas/booking.schema';
import { bookingPriceLines as receiptPriceLines } from '../../../shared/receipt';
import type { TCar } from '../../../shared/schemas/car.schema';
import { adminCopy } from '../../content/admin';

import { errorMessage, isUnauthorized } from '../../trpcErrors';

export { errorMessage, isUnauthorized };

/** A car as the booking dialogs offer it: its name and daily rate, and whether it is out of service. */
export function carChoiceLabel(car: Pick<TCar, 'name' | 'dailyRate' | 'available'>): string {
  return adminCopy.fleet.choice(car.name, formatPeso(car.dailyRate), car.available);
}

/** The first error for each field of a failed tRPC call (`issues` from the server's formatter). */
export function fieldErrors(error: unknown): Record<string, string> {
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  const out: Record<string, string> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string' && !(issue.path in out)) out[issue.path] = issue.message;
  }
  return out;
}

/**
 * Why the server refused a dialog's form, when it names no field (the fields show their own): the
 * dialog keeps it above its buttons until the next try, where the notice that also says it fades
 * after a few seconds. None for a refused session, which signs the dashboard out.
 */
export function dialogRefusal(error: unknown, fallback: string): string | null {
  if (!error || isUnauthorized(error) || Object.keys(fieldErrors(error)).length) return null;
  return errorMessage(error, fallback);
}

/**
 * The fields of `values` that were changed in `form` since it was opened (its `resetDirty`): an edit
 * sends only those, so two people editing one record at once keep each other's changes to other
 * fields (a field both changed keeps the later save). Null when nothing was changed: nothing to save.
 */
export function changedFields<T extends object>(form: { isDirty: (path?: string) => boolean }, values: T): Partial<T> | null {
  const changed = Object.entries(values).filter(([field]) => form.isDirty(field));
  return changed.length ? (Object.fromEntries(changed) as Partial<T>) : null;
}

export interface PriceLineView {
  key: string;
  label: string;
  detail: string | null;
  amount: string;
}

/** A booking's charges as lines (the receipt's, from shared/receipt.ts), with the agreed adjustment last. */
export function bookingPriceLines(b: Pick<TBooking, 'totalDays' | 'dailyRate' | 'subtotal' | 'driverFee' | 'distanceFee' | 'deliveryFee' | 'insurance' | 'adjustment'>): PriceLineView[] {
  const lines: PriceLineView[] = receiptPriceLines(b).map((line) => ({
    key: line.key,
    label: PRICE_LINE_LABELS[line.key],
    detail: line.key === 'rental' ? `${dayCount(b.totalDays)} × ${formatPeso(b.dailyRate)}` : line.perDay ? `${formatPeso(line.perDay)}/day` : null,
    amount: line.amount,
  }));
  if (toCentavos(b.adjustment) !== 0) lines.push({ key: 'adjustment', label: PRICE_LINE_LABELS.adjustment, detail: null, amount: b.adjustment });
  return lines;
}

/** What is still owed on a booking, never below zero, as a numeric string. */
export function balanceOf(b: { total: string; amountPaid: string }): string {
  return (Math.max(0, toCentavos(b.total) - toCentavos(b.amountPaid)) / 100).toFixed(2);
}

/** Add Payment is offered only while a balance remains, and never on a cancelled booking. */
export function canAddPayment(b: { total: string; amountPaid: string; status: string }): boolean {
  return b.status !== 'cancelled' && toCentavos(b.total) > toCentavos(b.amountPaid);
}

/**
 * The whole minutes left of a pending website booking's hold (0 once it has run out), or null when
 * no hold runs: staff or the renter (by opening their link) confirmed it, or it is no longer pending.
 */
export function holdMinutesLeft(b: Pick<TBooking, 'status' | 'holdUntil' | 'emailProven'>, now: Date): number | null {
  if (b.status !== 'pending' || !b.holdUntil || b.emailProven) return null;
  return Math.max(0, Math.ceil((new Date(b.holdUntil).getTime() - now.getTime()) / 60_000));
}

/** "2026-03" -> "Mar 2026" */
export function monthLabel(month: string): string {
  return formatDate(`${month}-01`, 'MMM YYYY');
}

const SHORT_DATE = 'MMM D, YYYY';

/**
 * "2026-03-05" -> "Mar 5, 2026": a calendar date as it is, or a timestamp (`createdAt`) as the day
 * it was in Manila, never its UTC day.
 */
export function shortDate(value: string): string {
  return isIsoDate(value) ? formatDate(value, SHORT_DATE) : formatInstant(value, SHORT_DATE);
}

/** A timestamp as the garage's date and time: "Mar 5, 2026, 2:30 PM". */
export function dateTime(timestamp: string): string {
  return formatInstant(timestamp, `${SHORT_DATE}, h:mm A`);
}

/** Paging: the 1-based page count and the range shown, for a list `limit` long at `offset`. */
export function pageInfo(offset: number, limit: number, total: number): { page: number; pages: number; from: number; to: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page: Math.floor(offset / limit) + 1, pages, from: total === 0 ? 0 : offset + 1, to: Math.min(total, offset + limit) };
}

/** Where a file may be PUT: one rule for the booking form's and the dashboard's uploads. */
export { isAllowedUploadUrl as isAcceptableUploadUrl } from '../uploads/uploadFile';

/** Each action's verb; one that names more than its entity reads it from the entry's new values. */
const ACTION_VERBS: Record<string, string | ((after: Record<string, unknown> | null) => string)> = {
  create: 'Added',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Changed status of',
  dates: 'Changed dates of',
  documents: 'Replaced documents of',
  disable: 'Disabled',
  enable: 'Enabled',
  reset: 'Reset the sign-in of',
  document: 'Sent a new document for',
  document_request: 'Asked for a new document for',
  apply_booking: (after) => (typeof after?.fromBooking === 'string' ? `Copied the details of booking ${after.fromBooking} to` : "Copied a booking's details to"),
  renter_email: 'Corrected the renter’s e-mail address of',
  // The renter opened their booking link: that proves their address and confirms nothing.
  email_proven: 'Proved the e-mail address of',
};

/** Actions whose line names only these of the fields they change (the rest follows from them). */
const DETAILS_OF: Record<string, string[]> = { renter_email: ['customerEmail'] };

/**
 * Fields a line never names: they follow from the others or from the entry itself (the balance from
 * the total and what was paid; when and by whom a booking was cancelled from the entry's time and
 * actor; a renter's proven address from their acting through their booking link; the booking whose
 * details were copied to a customer record from the line's verb, which names it).
 */
const IMPLIED_FIELDS = new Set(['balance', 'cancelledAt', 'cancelledBy', 'emailProven', 'fromBooking']);

/** Actions their line says in full: the fields they change are a file's address or a request's bookkeeping. */
const WITHOUT_DETAILS = new Set(['document', 'document_request']);

/** What a staff member did to their own account (or had done through a link), said plainly. */
const ACCOUNT_ACTIONS: Record<string, string> = {
  password: 'Changed the password of',
  sign_out: 'Signed out a session of',
  sign_out_everywhere: 'Signed out everywhere:',
  two_factor_on: 'Turned on two-step sign-in for',
  two_factor_off: 'Turned off two-step sign-in for',
  recovery_codes: 'Made new recovery codes for',
};
const ENTITY_NOUNS: Record<TAuditEntry['entityType'], string> = {
  car: 'car',
  booking: 'booking',
  payment: 'payment',
  customer: 'customer',
  blocked_name: 'blocked name',
  session: 'session',
  staff_account: 'staff account',
};

type Snapshot = Record<string, unknown> | null;

function asSnapshot(value: unknown): Snapshot {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The fields an entry's line names, in the words of the dashboard's forms, most telling first: a
 * line names three, so a move says its dates before its re-priced figures, an edit its rate before
 * its pictures. A field not listed is named as stored, after these.
 */
const FIELD_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['status', 'status'],
  ['pickupDate', 'pick-up'],
  ['returnDate', 'return'],
  ['pickupTime', 'pick-up time'],
  ['customerEmail', 'e-mail'],
  ['email', 'e-mail'],
  ['fullName', 'name'],
  ['customerName', 'name'],
  ['name', 'name'],
  ['phone', 'phone'],
  ['customerPhone', 'phone'],
  ['dailyRate', 'daily rate'],
  ['total', 'total'],
  ['amountPaid', 'paid'],
  ['deposit', 'deposit'],
  ['available', 'available'],
  ['category', 'category'],
  ['seats', 'seats'],
  ['role', 'role'],
  ['address', 'address'],
  ['license', 'licence'],
  ['licenseExpiry', 'licence expiry'],
  ['plateNumber', 'plate'],
  ['mileage', 'odometer'],
  ['year', 'year'],
  ['description', 'description'],
  ['descriptionFil', 'Filipino description'],
  ['images', 'pictures'],
  ['totalDays', 'days'],
  ['subtotal', 'rental'],
  ['driverFee', 'driver fee'],
  ['distanceFee', 'distance fee'],
  ['deliveryFee', 'delivery fee'],
  ['insurance', 'insurance'],
  ['adjustment', 'adjustment'],
  ['holdUntil', 'hold'],
];
const FIELD_RANK = new Map(FIELD_NAMES.map(([key], rank) => [key, rank]));
const FIELD_LABEL = new Map(FIELD_NAMES);
const MONEY_FIELDS = new Set(['dailyRate', 'total', 'amountPaid', 'deposit', 'subtotal', 'driverFee', 'distanceFee', 'deliveryFee', 'insurance', 'adjustment', 'amount']);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isDocumentField = (key: string): key is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(key);

/** A document's change, by the document's name: its file's address tells staff nothing. */
function documentChange(key: DocumentField, before: unknown, after: unknown): string {
  return `${DOCUMENT_LABELS[key]} ${!after ? 'removed' : before ? 'replaced' : 'added'}`;
}

/** A field's value as the dashboard writes it: pesos, dates and times in Manila, a count of pictures, yes or no. */
function showField(key: string, value: unknown): string {
  if (typeof value === 'string' && MONEY_FIELDS.has(key) && isMoneyString(value)) return formatPeso(value);
  if (typeof value === 'string' && isIsoDate(value)) return shortDate(value);
  if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return dateTime(value);
  if (Array.isArray(value) && key === 'images') return `${value.length}`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return show(value);
}

/** One line saying what an audit entry changed, e.g. "Changed status of booking for Ana Cruz: pending → confirmed". */
export function describeAuditEntry(entry: Pick<TAuditEntry, 'action' | 'entityType' | 'before' | 'after'>): string {
  const before = asSnapshot(entry.before);
  const after = asSnapshot(entry.after);
  const either = after ?? before ?? {};
  if (entry.entityType === 'payment') {
    const amount = typeof either.amount === 'string' ? formatPeso(either.amount) : show(either.amount);
    const method = PAYMENT_METHOD_LABELS[either.method as keyof typeof PAYMENT_METHOD_LABELS] ?? show(either.method);
    const booking = [either.customerName, either.reference].filter((part) => typeof part === 'string').join(', ');
    const paid = typeof before?.amountPaid === 'string' && typeof after?.amountPaid === 'string' ? `: paid ${formatPeso(before.amountPaid)} → ${formatPeso(after.amountPaid)}` : '';
    const what = either.kind === 'refund' || entry.action === 'payment.refund' ? 'refund' : 'payment';
    const done = entry.action === 'payment.void' ? `Voided ${what}` : `Recorded ${what}`;
    const why = entry.action === 'payment.void' && typeof either.voidReason === 'string' ? ` (${either.voidReason})` : '';
    return `${done} of ${amount} (${method})${booking ? ` for ${booking}` : ''}${paid}${why}`;
  }
  if (entry.entityType === 'blocked_name') {
    return `${entry.action.endsWith('delete') ? 'Unblocked' : 'Blocked'} ${show(either.fullName)}`;
  }
  // The entry names no one (the name is what was erased): it says what stayed.
  if (entry.action === 'customer.erase') {
    const kept = typeof before?.bookingsKept === 'number' ? before.bookingsKept : 0;
    if (!after) return 'Erased a customer (no bookings; record removed)';
    return `Erased a customer's personal data (${kept} ${kept === 1 ? 'booking' : 'bookings'} kept)`;
  }
  const own = entry.entityType === 'staff_account' ? ACCOUNT_ACTIONS[entry.action.split('.').pop() ?? ''] : undefined;
  if (own) return `${own} ${typeof either.name === 'string' ? either.name : 'their account'}`;
  const action = entry.action.split('.').pop() ?? '';
  const named = ACTION_VERBS[action] ?? entry.action;
  const verb = typeof named === 'function' ? named(after) : named;
  const noun = ENTITY_NOUNS[entry.entityType];
  const name = either.name ?? either.fullName ?? (either.customerName ? `for ${show(either.customerName)}` : null);
  // A booking is named by its reference too: one renter may have several.
  const what = entry.entityType === 'booking' && typeof either.reference === 'string' ? `${noun} ${either.reference}` : noun;
  const subject = name ? `${verb} ${what} ${show(name)}` : `${verb} ${what}`;
  // A deleted customer's bookings and payments went with them: the entry keeps them (before.bookings).
  if (entry.action === 'customer.delete' && Array.isArray(before?.bookings) && before.bookings.length) {
    const history = before.bookings as Array<{ amountPaid?: unknown }>;
    const paid = history.reduce((sum, booking) => sum + (typeof booking.amountPaid === 'string' ? toCentavos(booking.amountPaid) : 0), 0);
    return `${subject} with ${history.length} ${history.length === 1 ? 'booking' : 'bookings'} (${formatPeso(paid, 'centavos')} paid)`;
  }
  if (!before || !after || WITHOUT_DETAILS.has(action)) return subject;
  const changed = (DETAILS_OF[action] ?? Object.keys(after))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) && !IMPLIED_FIELDS.has(key))
    .sort((a, b) => (FIELD_RANK.get(a) ?? FIELD_NAMES.length) - (FIELD_RANK.get(b) ?? FIELD_NAMES.length));
  if (!changed.length) return subject;
  const verbNamesKey = changed.length === 1 && changed[0] === action;
  const parts = changed
    .slice(0, 3)
    .map((key) =>
      isDocumentField(key)
        ? documentChange(key, before[key], after[key])
        : `${verbNamesKey ? '' : `${FIELD_LABEL.get(key) ?? key} `}${showField(key, before[key])} → ${showField(key, after[key])}`,
    );
  return `${subject}: ${parts.join(', ')}${changed.length > 3 ? ` (+${changed.length - 3} more)` : ''}`;
}
