import { z } from 'zod';
import { ISO_DATE_PATTERN, isIsoDate } from '../isoDate';
import { MAX_CENTAVOS, fromCentavos, isMoneyString, toCentavos } from '../money';
import { messages } from '../messages';

const v = messages.validation;

/**
 * One line of text: no control characters (C0, DEL, C1), no line or paragraph separators and no
 * bidi embedding, override or isolate (U+202A-U+202E, U+2066-U+2069). A line break in a name or a
 * subject would forge e-mail headers and break CSV rows; an override turns the rest of a line
 * around (the garage's e-mail subject, a dashboard row, a spreadsheet cell) to show what it does
 * not say. Right-to-left text, and the marks that only hint a direction, stay welcome.
 */
export const ONE_LINE_PATTERN = /^[^\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;
/** Several lines (messages, descriptions, notes, addresses): line breaks and tabs, no other control character, no bidi override. */
export const MULTI_LINE_PATTERN = /^(?:[\t\n\r]|[^\p{Cc}\u202A-\u202E\u2066-\u2069])*$/u;

/** Whether a text field is one line (the default) or may hold several (a Textarea in the forms). */
export type Lines = 'one' | 'many';

/**
 * A message given as a function is read when the issue is raised, so it comes out in the language of
 * whoever is answered (the request's on the server, the page's in the browser), not the one that
 * happened to be current when the schema was built.
 */
export type LazyMessage = () => string;

/** Zod's names of types that JSON calls otherwise. */
const JSON_TYPE_NAMES: Partial<Record<string, string>> = { int: 'integer', record: 'object', tuple: 'array' };

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** "Expected one of: "a", "b"": the values a field takes, as JSON writes them. */
export function oneOf(values: readonly unknown[]): string {
  return v.oneOf({ options: values.map((value) => JSON.stringify(value)).join(', ') });
}

/**
 * The message of an issue that its schema does not word itself, in the current language: zod's own
 * are English only, and read a field left out as a wrong type ("Invalid input: expected string,
 * received undefined"). Installed for every schema (`z.config`); anything else keeps zod's.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return v.required;
      // A query value that is no number written in digits (fromQueryDigits reads it as NaN).
      if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return v.notANumber;
      return v.wrongType({ expected: JSON_TYPE_NAMES[issue.expected] ?? issue.expected, received: jsonType(issue.input) });
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_format':
      return issue.format === 'uuid' || issue.format === 'guid' ? v.uuid : undefined;
    case 'too_small':
      if (!issue.inclusive) return undefined;
      if (issue.origin === 'number') return v.atLeast({ minimum: String(issue.minimum) });
      return issue.origin === 'string' ? v.tooShort({ min: String(issue.minimum) }) : undefined;
    case 'too_big':
      if (!issue.inclusive) return undefined;
      if (issue.origin === 'number') return v.atMost({ maximum: String(issue.maximum) });
      return issue.origin === 'string' ? v.tooLong({ max: String(issue.maximum) }) : undefined;
    default:
      return undefined;
  }
}
z.config({ customError: issueMessage });

/**
 * A field's own message for it left out (or null), such as "Full name is required"; a value of
 * another type is told the type expected (issueMessage) instead of reading as missing.
 */
export function whenAbsent(message: LazyMessage) {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? message() : undefined);
}

/**
 * Characters with no width and no use in a field's text: the zero-width space, the word joiner and a
 * byte order mark inside the text. Pasted along from web pages and chats, they would make two
 * names that read the same differ (and keep a space where a name seems to end), so they are dropped
 * before the text is trimmed and checked. The joiners that shape scripts and emoji (U+200C, U+200D)
 * stay.
 */
const INVISIBLE = /[\u200B\u2060\uFEFF]/g;

/** A trimmed string of one line, or of several lines when `lines` is 'many', without invisible characters (INVISIBLE). */
export function text(lines: Lines = 'one', message?: LazyMessage) {
  const base = z
    .string(message ? { error: whenAbsent(message) } : undefined)
    .overwrite((value) => value.replace(INVISIBLE, ''))
    .trim();
  return lines === 'one' ? base.regex(ONE_LINE_PATTERN, { error: () => v.oneLine }) : base.regex(MULTI_LINE_PATTERN, { error: () => v.controlCharacter });
}

/** A required, trimmed string: missing and blank give `message`. */
export function requiredText(message: LazyMessage, max = 200, lines: Lines = 'one') {
  return text(lines, message).min(1, { error: message }).max(max, { error: () => v.tooLong({ max }) });
}

/** An optional trimmed string; blank becomes undefined. */
export function optionalText(max = 200, lines: Lines = 'one') {
  return text(lines)
    .max(max, { error: () => v.tooLong({ max }) })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));
}

/**
 * A calendar date, "YYYY-MM-DD" (`format: date` in the OpenAPI document); one of that form that is no
 * day (2027-02-30) is told so, not to use the form it has. `missing` words the field left out or
 * blank, where it has a message of its own for that.
 */
export function isoDateSchema(missing?: LazyMessage) {
  const base = missing ? z.string({ error: whenAbsent(missing) }).min(1, { error: missing, abort: true }) : z.string({ error: () => v.dateFormat });
  return base
    .regex(ISO_DATE_PATTERN, { error: () => v.dateFormat, abort: true })
    .refine(isIsoDate, { error: () => v.noSuchDate })
    .meta({ format: 'date' });
}

export const ZIsoDateSchema = isoDateSchema();

/**
 * A record's id: any 8-4-4-4-12 hex string, as PostgreSQL's `uuid` type takes it. `z.uuid()` also
 * demands RFC 9562's version and variant digits, so an id of the right shape that names nothing
 * (`00000000-0000-0000-0000-000000000001`) answered 400 instead of 404. Written in small letters,
 * as PostgreSQL gives ids back, so that an id in capitals compares equal to the stored one.
 */
export const ZIdSchema = z.guid().toLowerCase();

/** A number is an amount when it is finite, at most MAX_CENTAVOS and has at most two decimals. */
function isMoneyNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100)) <= MAX_CENTAVOS && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** An amount in pesos, as a string ("1500.50") or a number; normalised to "1500.50". */
export const ZMoneySchema = z
  .union([z.string(), z.number()], { error: () => v.amount })
  .refine((value) => (typeof value === 'number' ? isMoneyNumber(value) : isMoneyString(value)), { error: () => v.amount })
  .transform((value) => fromCentavos(toCentavos(value)));

export const ZPositiveMoneySchema = ZMoneySchema.refine((value) => toCentavos(value) > 0, { error: () => v.positiveAmount });

/** A stored money figure as it leaves the server: "1500.00". */
export const ZMoneyOutSchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const ZTimestampSchema = z.string().describe('ISO 8601 timestamp');

/**
 * An instant a client sends: an ISO 8601 date and time with its offset (`Z` or `+08:00`), so that it
 * names one moment wherever it was written. A time without an offset is refused, not guessed.
 */
export const ZInstantSchema = z.iso.datetime({ offset: true, error: () => v.instant });

/** The longest cursor a list gives out (the list's name, a timestamp and an id, encoded). */
const CURSOR_MAX = 120;
export const ZCursorSchema = z.string().max(CURSOR_MAX);

/** A list pages by offset or by cursor, not both: true unless a cursor comes with an offset. */
export const pagedOneWay = (cursor: string | undefined, offset: number): boolean => cursor === undefined || offset === 0;
export const PAGED_BOTH_WAYS = { error: () => messages.errors.cursorWithOffset, path: ['offset'] };

/**
 * What the lists an integrator syncs by give, by the name of their instant: the rows changed at or
 * after it (`updatedSince`: bookings, customers), or the records deleted at or after it
 * (`deletedSince`: the deleted customer records), each with its `stamp`.
 */
export const SYNC_EVENTS = {
  updatedSince: { verb: 'changed', noun: 'change', stamp: 'updatedAt' },
  deletedSince: { verb: 'deleted', noun: 'deletion', stamp: 'deletedAt' },
} as const;
export type SyncSince = keyof typeof SYNC_EVENTS;

/**
 * The parameters of a list an integrator syncs by: `what` changed (or deleted, `since`) at or after
 * an instant, or after the last row of the previous page (`after`, its `nextCursor`), oldest first,
 * ties by id.
 */
export function syncQuery<K extends SyncSince = 'updatedSince'>(what: string, since: K = 'updatedSince' as K) {
  const { verb, noun } = SYNC_EVENTS[since];
  const instant = ZInstantSchema.optional().describe(`Only ${what} ${verb} at or after this instant (ISO 8601 with its offset, e.g. 2026-11-28T09:30:00Z), oldest ${noun} first (ties by id)`);
  const after = ZCursorSchema.optional().describe(`The previous page's \`nextCursor\`: only ${what} ${verb} after its last row, oldest ${noun} first (ties by id), without \`offset\``);
  return { [since]: instant, after } as { [P in K]: typeof instant } & { after: typeof after };
}

/** A page of such a list: in change (or deletion) order (`updatedSince`, `deletedSince` or `after`), with the cursor to go on from. */
export function syncPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    nextCursor: z
      .string()
      .nullable()
      .optional()
      .describe('In change (or deletion) order: the cursor after the last row of this page (`after`), or the one sent when the page is empty; null for an empty first page. Absent otherwise'),
  });
}

export const ZEmailSchema = z
  .string({ error: whenAbsent(() => v.email) })
  .trim()
  .toLowerCase()
  .max(254, { error: () => v.tooLong({ max: 254 }) })
  .pipe(z.email({ error: () => v.email }))
  // The document shows the pipe's input (trimmed text): say what it must be.
  .meta({ format: 'email' });

export const ZPhoneSchema = z
  .string({ error: whenAbsent(() => v.phone) })
  .trim()
  .regex(ONE_LINE_PATTERN, { error: () => v.oneLine })
  .min(10, { error: () => v.phone })
  .max(40, { error: () => v.tooLong({ max: 40 }) })
  // A leading "(" too: an area code in brackets, "(075) 551 2345", "(0917) 123-4567".
  .regex(/^[+(\d][\d\s()./-]*$/, { error: () => v.phone })
  // Only of a number otherwise well written: one refusal at a time.
  .refine(isWholeMobileNumber, { error: () => v.mobileDigits, when: (payload) => !payload.issues.length })
  .describe('10 to 40 characters: digits, spaces, brackets, dots and dashes, a leading +. A Philippine mobile number (09…, or +63 9…) has its 11 digits (0917 123 4567).');

/**
 * Whether a Philippine mobile number has its 11 digits (0917 123 4567, or 917 123 4567 after the
 * country code 63): one digit short or over, the garage could not call or text the renter. Other
 * numbers (landlines, whose length varies with their area code, and other countries') pass.
 */
function isWholeMobileNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('63') ? `0${digits.slice(2)}` : digits;
  return !local.startsWith('09') || local.length === 11;
}

/** A whole number from `min` to `max`; `message`, when given, words every refusal. */
export function wholeNumber(min: number, max: number, message?: LazyMessage) {
  const error = message && { error: message };
  return z.number(error).int(error).min(min, error).max(max, error);
}

/**
 * A number of a query, written in decimal digits (tRPC gives it as a number): `0x10` or `1e2`,
 * which a plain number conversion would read as 16 or 100, are refused ("Expected a number"), as
 * is a sign; `1.5` reaches `schema` as a number (to be told it must be an integer). An empty value
 * is left out, so it takes `schema`'s default, or stays absent.
 */
export function fromQueryDigits<T extends z.ZodType>(schema: T) {
  const digits = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const written = value.trim();
    if (!written) return undefined;
    return /^\d+(\.\d+)?$/.test(written) ? Number(written) : Number.NaN;
  };
  return z.preprocess(digits, schema);
}

/** Paging and search for admin lists. */
export const ZListQuerySchema = z.object({
  q: text().max(200).optional(),
  limit: fromQueryDigits(wholeNumber(1, 500).default(50)),
  offset: fromQueryDigits(wholeNumber(0, 10_000_000).default(0)),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

/**
 * How many matches of a search the admin lists count: a search that matches more answers this
 * many as its `total`, with `totalCapped`, so that a search as broad as "a" costs what a narrow one
 * does. Staff refine the search rather than page through a thousand rows.
 */
export const SEARCH_COUNT_CAP = 1_000;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().describe(`How many rows match in all; a search counts at most ${SEARCH_COUNT_CAP}`),
    totalCapped: z.boolean().describe(`True when a search matched more than ${SEARCH_COUNT_CAP} rows: \`total\` is then ${SEARCH_COUNT_CAP}, and a narrower search finds the rest`),
  });
}

export const ZMessageSchema = z.object({ message: z.string() });
export const ZOkSchema = z.object({ ok: z.literal(true) });
