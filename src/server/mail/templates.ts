import type { TBusinessInfo } from '../../shared/business';
import { formatInstant, formatLongDate, manilaInstant, todayInManila } from '../../shared/dates';
import { clock } from '../clock';
import { DELIVERY_AREA_LABELS, DOCUMENT_LABELS, PAYMENT_METHOD_LABELS, dayCount, distanceServiceLabel, driverServiceLabel } from '../../shared/labels';
import { formatPeso, nonZeroAmount } from '../../shared/money';
import { refundDue } from '../../shared/cancellation';
import { depositLabel, bookingPriceRows, importantInformation } from '../../shared/receipt';
import type { CancelledBy, DocumentField, TBooking, TPayment } from '../../shared/schemas/booking.schema';
import type { TContact } from '../../shared/schemas/contact.schema';
import { escapeHtml as escape } from '../html';
import type { MailDraft } from './outbox';
import { DEFAULT_LOCALE, LOCALE_NAMES, localizePath, type Locale } from '../../shared/i18n/locales';
import { bookingSearchPath } from '../../shared/reference';
import { withLocale } from '../i18n';
import { mailCopy as mail } from './copy';

/** What every renter e-mail needs besides its booking: the garage, and the booking's manage link. */
export interface RenterMailContext {
  business: TBusinessInfo;
  manageLink: string;
}

/** What the garage's notices about a booking need: the garage, its address for them, and the site's address (for the dashboard link). */
export interface GarageMailContext {
  business: TBusinessInfo;
  to: string;
  siteUrl: string;
}

type Rows = Array<[string, string]>;

function priceTable(b: TBooking): Rows {
  return bookingPriceRows(b).map((row) => [row.label, formatPeso(row.amount)]);
}

/** The security deposit under the total, when the car has one. */
function depositRows(b: TBooking): Rows {
  const deposit = nonZeroAmount(b.deposit);
  return deposit ? [[depositLabel(), formatPeso(deposit)]] : [];
}

/**
 * Whether a renter e-mail may repeat what the renter wrote (their name, the delivery address): only
 * once its address is proven (the renter opened their link) or the booking was entered by staff.
 * Before, anyone could make the garage send their own words to any address, in its name: a booking
 * made "for" a stranger with a lure for a name or a delivery address would carry it to their inbox.
 */
const mayQuoteRenter = (b: TBooking) => b.source === 'admin' || b.emailProven;

/** The booking's facts, in the current language (the renter's in their e-mails, English in the garage's, which quote the renter in full). */
function bookingFacts(b: TBooking, quoteRenter = true): Rows {
  const f = mail.facts;
  const facts: Rows = [
    [f.reference, b.reference],
    [f.vehicle, f.vehicleValue({ car: b.carName, category: b.carCategory })],
    [f.pickup, f.dateTime({ date: formatLongDate(b.pickupDate), time: b.pickupTime })],
    [f.return, f.dateTime({ date: formatLongDate(b.returnDate), time: b.pickupTime })],
    [f.duration, dayCount(b.totalDays)],
    [f.driver, driverServiceLabel(b.driverService).label],
    [f.distance, distanceServiceLabel(b.distanceService).label],
  ];
  if (b.wantsDelivery && b.deliveryArea) {
    const area = DELIVERY_AREA_LABELS[b.deliveryArea];
    facts.push([f.delivery, quoteRenter ? f.deliveryValue({ area, address: b.deliveryAddress ?? '' }) : f.deliveryUnproven({ area })]);
  }
  return facts;
}

/** Our own labels wrap between words only (the card lets other text break anywhere). */
const LABEL_WRAP = 'overflow-wrap:normal;word-break:normal';

/** Text written on several lines (staff's note, a delivery address, a visitor's enquiry) keeps its lines in the HTML, as in the text part. */
const KEEP_LINES = 'white-space:pre-line';

/**
 * A value of one short word (an amount, a reference, a short e-mail address) is kept whole: a
 * table gives a column no more room than its longest unbreakable text asks for, and "₱3,000" would
 * otherwise break beside a long label. A longer one (a pasted link) may still break anywhere.
 */
const valueWrap = (value: string) => (/\s/.test(value) || value.length > 24 ? '' : ';white-space:nowrap');

/** A value's HTML: a clock time keeps its AM or PM on its line ("10:00 AM", never "10:00" above "AM"). */
const cellText = (value: string) => escape(value).replace(/(\d:\d\d) (AM|PM)\b/g, '$1&nbsp;$2');

/** An e-mail's one call to action: a link drawn as a button. */
function actionButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escape(href)}" style="background:#0b7285;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px;display:inline-block">${escape(label)}</a></p>`;
}

function table(rows: Rows, total?: [string, string]): string {
  const cells = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555;${LABEL_WRAP}">${escape(k)}</td><td style="padding:4px 0;text-align:right;${KEEP_LINES}${valueWrap(v)}">${cellText(v)}</td></tr>`)
    .join('');
  const foot = total
    ? `<tr><td style="padding:8px 12px 4px 0;border-top:1px solid #ddd;${LABEL_WRAP}"><strong>${escape(total[0])}</strong></td><td style="padding:8px 0 4px;border-top:1px solid #ddd;text-align:right${valueWrap(total[1])}"><strong>${escape(total[1])}</strong></td></tr>`
    : '';
  return `<table style="border-collapse:collapse;width:100%;max-width:520px">${cells}${foot}</table>`;
}

/**
 * The HTML around an e-mail's body, in `locale`: its `lang` lets a screen reader speak it in that language.
 * The card breaks a word too long for the line (a pasted link, a long surname) instead of widening
 * the message past a phone's screen. It sets its own text colour with its white ground: Gmail drops
 * the body's styles, and a client in dark mode would otherwise write its light default text on it.
 */
function layout(business: TBusinessInfo, body: string, locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;margin:0;padding:24px;background:#f6f7f9">
<div style="max-width:600px;margin:0 auto;background:#fff;color:#1a1a1a;border-radius:8px;padding:24px;overflow-wrap:anywhere;word-break:break-word">
<h1 style="margin:0 0 4px;font-size:20px">${escape(business.name)}</h1>
<p style="margin:0 0 16px;color:#666;font-size:13px">${escape(business.addressLine1)}, ${escape(business.addressLine2)}<br>${escape(business.phonePrimary)} · ${escape(business.phoneSecondary)} · ${escape(business.email)}</p>
${body}
</div></body></html>`;
}

function heading(text: string): string {
  return `<h2 style="font-size:16px;margin:20px 0 8px">${escape(text)}</h2>`;
}

/** A page's address in `locale`: a Filipino renter's link opens their booking's page in Filipino. */
function inLanguage(address: string, locale: Locale): string {
  const url = new URL(address);
  url.pathname = localizePath(url.pathname, locale);
  return url.toString();
}

/** A renter e-mail's parts: each becomes both the plain text and the HTML. */
interface RenterMail {
  kind: string;
  subject: string;
  /** Paragraphs after the greeting. */
  lead: string[];
  /** Whether to show the booking's facts and prices. */
  receipt?: boolean;
  /** Extra facts, e.g. a payment, in their own table. */
  facts?: { title: string; rows: Rows };
  /** The "Manage your booking" button's words. */
  action: string;
}

/**
 * A renter e-mail: the greeting, its paragraphs, optionally the booking's details and prices, and
 * the "Manage your booking" link (where the renter sees the booking, its payments, and cancels).
 */
function renterMail(booking: TBooking, context: RenterMailContext, draft: RenterMail): MailDraft {
  const { business } = context;
  const manageLink = inLanguage(context.manageLink, booking.locale);
  const h = mail.headings;
  const quoteRenter = mayQuoteRenter(booking);
  const greeting = quoteRenter ? mail.greeting({ name: booking.customerName }) : mail.greetingUnproven;
  const reference = `${mail.facts.reference}: ${booking.reference}`;
  const total: [string, string] = [mail.total, formatPeso(booking.total)];
  const text = [
    greeting,
    '',
    ...draft.lead.flatMap((paragraph) => [paragraph, '']),
    ...(draft.facts ? [`${draft.facts.title}:`, ...draft.facts.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(draft.receipt
      ? [...bookingFacts(booking, quoteRenter).map(([k, v]) => `${k}: ${v}`), '', ...priceTable(booking).map(([k, v]) => `${k}: ${v}`), `${total[0]}: ${total[1]}`, ...depositRows(booking).map(([k, v]) => `${k}: ${v}`), '', `${h.important}:`, ...importantInformation(booking).map((line) => `- ${line}`), '']
      : [reference, '']),
    `${draft.action}: ${manageLink}`,
    '',
    business.name,
    `${business.addressLine1}, ${business.addressLine2}`,
    `${business.phonePrimary} / ${business.phoneSecondary}`,
    business.hours,
  ].join('\n');
  const html = layout(
    business,
    `<p>${escape(greeting)}</p>
${draft.lead.map((paragraph) => `<p style="${KEEP_LINES}">${escape(paragraph)}</p>`).join('\n')}
${draft.facts ? `${heading(draft.facts.title)}${table(draft.facts.rows)}` : ''}
${draft.receipt ? `${heading(h.booking)}${table(bookingFacts(booking, quoteRenter))}${heading(h.pricing)}${table(priceTable(booking), total)}${depositRows(booking).length ? table(depositRows(booking)) : ''}${heading(h.important)}<ul>${importantInformation(booking).map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` : `<p>${escape(mail.facts.reference)}: <strong>${escape(booking.reference)}</strong></p>`}
${actionButton(manageLink, draft.action)}
<p style="color:#666;font-size:13px">${escape(business.hours)}</p>`,
    booking.locale,
  );
  return { kind: draft.kind, to: booking.customerEmail, replyTo: business.email, subject: draft.subject, text, html };
}

const when = (b: TBooking) => `${b.carName}, ${formatLongDate(b.pickupDate)}`;

/** A renter e-mail, written in its booking's language (the site's where the renter booked). */
function inRenterLanguage(booking: TBooking, write: () => MailDraft): MailDraft {
  return withLocale(booking.locale, write);
}

/** Why an open booking's e-mail (received, or confirmed) is sent: `emailCorrected`, staff corrected the renter's address and send the booking there. */
export interface OpenBookingMailOptions {
  emailCorrected?: boolean;
}

/**
 * An open booking's e-mail as sent to the address staff corrected: under its own subject, it first
 * says that the garage corrected the address, and that the link below is the one that works now.
 */
function forCorrectedAddress(booking: TBooking, draft: RenterMail, { emailCorrected }: OpenBookingMailOptions): RenterMail {
  if (!emailCorrected) return draft;
  const m = mail.emailCorrected;
  return { ...draft, subject: m.subject({ what: when(booking), reference: booking.reference }), lead: [m.lead({ action: draft.action }), ...draft.lead] };
}

/** Booking received: the receipt, and the link the renter must open to keep an unconfirmed booking. */
export function bookingReceivedMail(booking: TBooking, context: RenterMailContext, options: OpenBookingMailOptions = {}): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.received;
    const action = mail.actions.manage;
    const hold = booking.holdUntil ? m.hold({ action, deadline: formatInstant(new Date(booking.holdUntil)) }) : null;
    const draft: RenterMail = {
      kind: 'booking.confirmation',
      subject: m.subject({ what: when(booking), reference: booking.reference }),
      lead: [m.lead({ business: context.business.name }), ...(hold ? [hold] : [])],
      receipt: true,
      action,
    };
    return renterMail(booking, context, forCorrectedAddress(booking, draft, options));
  });
}

/**
 * Booking confirmed: when the car will be ready, or, for a booking entered or confirmed once its
 * pick-up time had passed (a rental already under way), only when it was picked up.
 */
export function bookingConfirmedMail(booking: TBooking, context: RenterMailContext, options: OpenBookingMailOptions = {}): MailDraft {
  const started = manilaInstant(booking.pickupDate, booking.pickupTime) <= clock.now();
  return inRenterLanguage(booking, () => {
    const draft: RenterMail = {
      kind: 'booking.confirmed',
      subject: mail.confirmed.subject({ what: when(booking), reference: booking.reference }),
      lead: [(started ? mail.confirmed.leadStarted : mail.confirmed.lead)({ car: booking.carName, date: formatLongDate(booking.pickupDate), time: booking.pickupTime })],
      receipt: true,
      action: mail.actions.manage,
    };
    return renterMail(booking, context, forCorrectedAddress(booking, draft, options));
  });
}

/** Staff moved the booking: its new dates, and the receipt at the new price; with money paid, what is paid and left at that price. */
export function bookingDatesChangedMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.datesChanged;
    return renterMail(booking, context, {
      kind: 'booking.dates_changed',
      subject: m.subject({ what: when(booking), reference: booking.reference }),
      lead: [m.lead({ pickup: formatLongDate(booking.pickupDate), time: booking.pickupTime, return: formatLongDate(booking.returnDate) })],
      ...(nonZeroAmount(booking.amountPaid) ? { facts: { title: m.title, rows: standing(booking, m) } } : {}),
      receipt: true,
      action: mail.actions.manage,
    });
  });
}

/** What the terms give back of what was paid on a cancelled booking, or null when nothing was paid. */
function termsRefund(booking: TBooking): { paid: string; due: string } | null {
  const paid = nonZeroAmount(booking.amountPaid);
  return paid && booking.cancelledAt ? { paid, due: refundDue(booking, new Date(booking.cancelledAt)) } : null;
}

/**
 * The booking is cancelled; a renter who cancelled after paying is told what the terms give back,
 * one whose booking staff cancelled after they paid that the garage will call about their money.
 */
export function bookingCancelledMail(booking: TBooking, by: CancelledBy, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.cancelled;
    const refund = by === 'renter' ? termsRefund(booking) : null;
    const paid = nonZeroAmount(booking.amountPaid);
    const lead = refund ? m.renterPaid({ paid: formatPeso(refund.paid), due: formatPeso(refund.due) }) : by === 'staff' && paid ? m.staffPaid({ paid: formatPeso(paid) }) : m[by];
    return renterMail(booking, context, {
      kind: 'booking.cancelled',
      subject: m.subject({ what: when(booking), reference: booking.reference }),
      lead: [lead],
      action: mail.actions.see,
    });
  });
}

/** What was paid on a booking after a ledger change, and its balance; a cancelled booking (a refund's, usually) has nothing left to pay, as its page says. */
function standing(booking: TBooking, m: { paid: string; balance: string }): Rows {
  return [[m.paid, formatPeso(booking.amountPaid)], ...(booking.status === 'cancelled' ? [] : ([[m.balance, formatPeso(booking.balance)]] satisfies Rows))];
}

/** A row added to the booking's ledger, a payment or a refund, with what the booking then stands at. */
export function paymentRecordedMail(booking: TBooking, payment: TPayment, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = payment.kind === 'refund' ? mail.refund : mail.payment;
    const amount = formatPeso(payment.amount);
    const rows: Rows = [[m.amount, amount], [m.method, PAYMENT_METHOD_LABELS[payment.method]], ...standing(booking, m)];
    return renterMail(booking, context, {
      kind: payment.kind === 'refund' ? 'refund.recorded' : 'payment.recorded',
      subject: m.subject({ amount, reference: booking.reference }),
      lead: [m.lead({ amount })],
      facts: { title: m.title, rows },
      action: mail.actions.manage,
    });
  });
}

/** A ledger row voided as entered by mistake: which one, why, and what the booking then stands at. */
export function paymentVoidedMail(booking: TBooking, payment: TPayment, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.voided;
    const amount = formatPeso(payment.amount);
    const what = { amount, date: formatLongDate(todayInManila(new Date(payment.createdAt))), reason: payment.voidReason ?? '' };
    return renterMail(booking, context, {
      kind: 'payment.voided',
      subject: m.subject({ amount, reference: booking.reference }),
      lead: [payment.kind === 'refund' ? m.refund(what) : m.payment(what)],
      facts: { title: m.title, rows: standing(booking, m) },
      action: mail.actions.manage,
    });
  });
}

/** An address written on several lines, as one line of a sentence. */
const oneLine = (text: string) => text.trim().replace(/\s*\n\s*/g, ', ');

/** The day before pick-up: when (or when the car is brought, to where), what to bring, what is left to pay (or that nothing is) and the deposit collected there. */
export function pickupReminderMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.reminder;
    const balance = nonZeroAmount(booking.balance);
    const deposit = nonZeroAmount(booking.deposit);
    const bring = [m.bring, balance ? m.balance({ balance: formatPeso(balance) }) : m.paid, ...(deposit ? [m.deposit({ deposit: formatPeso(deposit) })] : [])];
    const day = { car: booking.carName, date: formatLongDate(booking.pickupDate), time: booking.pickupTime };
    return renterMail(booking, context, {
      kind: 'booking.reminder',
      subject: m.subject({ what: when(booking), time: booking.pickupTime, reference: booking.reference }),
      lead: [booking.wantsDelivery && booking.deliveryAddress ? m.leadDelivered({ ...day, address: oneLine(booking.deliveryAddress) }) : m.lead(day), bring.join(' ')],
      action: mail.actions.manage,
    });
  });
}

export function documentRequestMail(booking: TBooking, field: DocumentField, note: string, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () => {
    const m = mail.documentRequest;
    const document = DOCUMENT_LABELS[field];
    return renterMail(booking, context, {
      kind: 'booking.document_request',
      subject: m.subject({ document, reference: booking.reference }),
      lead: [m.lead({ document, note }), m.where],
      action: mail.actions.upload,
    });
  });
}

/** "Find my booking": the link again. */
export function bookingLinkMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return inRenterLanguage(booking, () =>
    renterMail(booking, context, {
      kind: 'booking.link',
      subject: mail.link.subject({ reference: booking.reference, what: when(booking) }),
      lead: [mail.link.lead, mail.link.ignore],
      action: mail.actions.manage,
    }),
  );
}

/** A notice to the garage about a booking, with the link that opens it in the dashboard; `reply-to` is the renter's address. */
function garageMail(kind: string, subject: string, title: string, rows: Rows, booking: TBooking, garage: GarageMailContext): MailDraft {
  const open = new URL(bookingSearchPath(booking.reference), garage.siteUrl).toString();
  return {
    kind,
    to: garage.to,
    replyTo: booking.customerEmail,
    subject,
    text: [title, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Open in the dashboard: ${open}`].join('\n'),
    html: layout(garage.business, `${heading(title)}${table(rows)}${actionButton(open, 'Open in the dashboard')}`, DEFAULT_LOCALE),
  };
}

/** The renter as the garage calls them back: who, how to reach them, in which language, and the booking. */
function renterRows(booking: TBooking): Rows {
  return [
    ['Customer', booking.customerName],
    ['E-mail', booking.customerEmail],
    ['Phone', booking.customerPhone],
    ['Language', LOCALE_NAMES[booking.locale]],
    ...bookingFacts(booking),
  ];
}

/** The garage's notice of a new booking. */
export function garageBookingMail(booking: TBooking, garage: GarageMailContext): MailDraft {
  return withLocale(DEFAULT_LOCALE, () => {
    const rows = [...renterRows(booking), ['Total', formatPeso(booking.total)] as [string, string]];
    return garageMail('booking.garage', `New booking ${booking.reference}: ${booking.customerName} — ${when(booking)}`, 'New booking from the website', rows, booking, garage);
  });
}

/** The garage's notice that a renter cancelled on their booking's page. */
export function garageRenterCancelledMail(booking: TBooking, garage: GarageMailContext): MailDraft {
  return withLocale(DEFAULT_LOCALE, () => {
    const refund = termsRefund(booking);
    const rows: Rows = [...renterRows(booking), ['Paid', formatPeso(booking.amountPaid)], ...(refund ? ([['To give back (the terms)', formatPeso(refund.due)]] satisfies Rows) : [])];
    return garageMail('booking.garage_cancelled', `Cancelled by the renter: ${booking.reference}, ${when(booking)}`, 'A renter cancelled their booking', rows, booking, garage);
  });
}

/** The garage's notice that a renter sent the document staff asked for. */
export function garageDocumentReceivedMail(booking: TBooking, field: DocumentField, garage: GarageMailContext): MailDraft {
  return withLocale(DEFAULT_LOCALE, () => {
    const rows: Rows = [['Document', DOCUMENT_LABELS[field]], ...renterRows(booking)];
    return garageMail('booking.garage_document', `New ${DOCUMENT_LABELS[field]} for ${booking.reference}`, 'A renter sent the document you asked for', rows, booking, garage);
  });
}

/** The garage's notice of an enquiry from the contact form. */
export function garageEnquiryMail(message: TContact, business: TBusinessInfo, to: string): MailDraft {
  const name = `${message.firstName} ${message.lastName}`;
  const facts: Rows = [
    ['From', name],
    ['E-mail', message.email],
    ['Phone', message.phone ?? '—'],
    ['Subject', message.subject],
  ];
  return {
    kind: 'contact.garage',
    to,
    replyTo: message.email,
    subject: `Enquiry (${message.subject}) from ${name}`,
    text: `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${message.message}`,
    html: layout(business, `${heading('New enquiry')}${table(facts)}<p style="${KEEP_LINES};border-left:3px solid #ddd;padding-left:12px">${escape(message.message)}</p>`, DEFAULT_LOCALE),
  };
}
