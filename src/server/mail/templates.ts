import type { TBusinessInfo } from '../../shared/business';
import { formatInstant, formatLongDate } from '../../shared/dates';
import { DELIVERY_AREA_LABELS, DISTANCE_SERVICE_LABELS, DOCUMENT_LABELS, DRIVER_SERVICE_LABELS, PAYMENT_METHOD_LABELS, dayCount } from '../../shared/labels';
import { formatPeso, nonZeroAmount } from '../../shared/money';
import { depositLabel, bookingPriceRows, importantInformation } from '../../shared/receipt';
import type { CancelledBy, DocumentField, TBooking, TPayment } from '../../shared/schemas/booking.schema';
import type { TContact } from '../../shared/schemas/contact.schema';
import { escapeHtml as escape } from '../html';
import type { MailDraft } from './outbox';

/** What every renter e-mail needs besides its booking: the garage, and the booking's manage link. */
export interface RenterMailContext {
  business: TBusinessInfo;
  manageLink: string;
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

function bookingFacts(b: TBooking): Rows {
  const facts: Rows = [
    ['Booking reference', b.reference],
    ['Vehicle', `${b.carName} (${b.carCategory})`],
    ['Pick-up', `${formatLongDate(b.pickupDate)}, ${b.pickupTime}`],
    ['Return', `${formatLongDate(b.returnDate)}, ${b.pickupTime}`],
    ['Duration', dayCount(b.totalDays)],
    ['Driver service', DRIVER_SERVICE_LABELS[b.driverService].label],
    ['Distance service', DISTANCE_SERVICE_LABELS[b.distanceService].label],
  ];
  if (b.wantsDelivery && b.deliveryArea) facts.push(['Delivery', `${DELIVERY_AREA_LABELS[b.deliveryArea]} — ${b.deliveryAddress ?? ''}`]);
  return facts;
}

function table(rows: Rows, total?: [string, string]): string {
  const cells = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escape(k)}</td><td style="padding:4px 0;text-align:right">${escape(v)}</td></tr>`)
    .join('');
  const foot = total
    ? `<tr><td style="padding:8px 12px 4px 0;border-top:1px solid #ddd"><strong>${escape(total[0])}</strong></td><td style="padding:8px 0 4px;border-top:1px solid #ddd;text-align:right"><strong>${escape(total[1])}</strong></td></tr>`
    : '';
  return `<table style="border-collapse:collapse;width:100%;max-width:520px">${cells}${foot}</table>`;
}

function layout(business: TBusinessInfo, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;margin:0;padding:24px;background:#f6f7f9">
<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 4px;font-size:20px">${escape(business.name)}</h1>
<p style="margin:0 0 16px;color:#666;font-size:13px">${escape(business.addressLine1)}, ${escape(business.addressLine2)}<br>${escape(business.phonePrimary)} · ${escape(business.phoneSecondary)} · ${escape(business.email)}</p>
${body}
</div></body></html>`;
}

function heading(text: string): string {
  return `<h2 style="font-size:16px;margin:20px 0 8px">${escape(text)}</h2>`;
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
function renterMail(booking: TBooking, context: RenterMailContext, mail: RenterMail): MailDraft {
  const { business, manageLink } = context;
  const total: [string, string] = ['Total amount', formatPeso(booking.total)];
  const text = [
    `Hi ${booking.customerName},`,
    '',
    ...mail.lead.flatMap((paragraph) => [paragraph, '']),
    ...(mail.facts ? [`${mail.facts.title}:`, ...mail.facts.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(mail.receipt
      ? [...bookingFacts(booking).map(([k, v]) => `${k}: ${v}`), '', ...priceTable(booking).map(([k, v]) => `${k}: ${v}`), `${total[0]}: ${total[1]}`, ...depositRows(booking).map(([k, v]) => `${k}: ${v}`), '', 'Important information:', ...importantInformation().map((line) => `- ${line}`), '']
      : [`Booking reference: ${booking.reference}`, '']),
    `${mail.action}: ${manageLink}`,
    '',
    business.name,
    `${business.addressLine1}, ${business.addressLine2}`,
    `${business.phonePrimary} / ${business.phoneSecondary}`,
    business.hours,
  ].join('\n');
  const html = layout(
    business,
    `<p>Hi ${escape(booking.customerName)},</p>
${mail.lead.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n')}
${mail.facts ? `${heading(mail.facts.title)}${table(mail.facts.rows)}` : ''}
${mail.receipt ? `${heading('Your booking')}${table(bookingFacts(booking))}${heading('Pricing summary')}${table(priceTable(booking), total)}${depositRows(booking).length ? table(depositRows(booking)) : ''}${heading('Important information')}<ul>${importantInformation().map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` : `<p>Booking reference: <strong>${escape(booking.reference)}</strong></p>`}
<p style="margin:24px 0"><a href="${escape(manageLink)}" style="background:#0b7285;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px;display:inline-block">${escape(mail.action)}</a></p>
<p style="color:#666;font-size:13px">${escape(business.hours)}</p>`,
  );
  return { kind: mail.kind, to: booking.customerEmail, replyTo: business.email, subject: mail.subject, text, html };
}

const MANAGE = 'Manage your booking';
const when = (b: TBooking) => `${b.carName}, ${formatLongDate(b.pickupDate)}`;

/** Booking received: the receipt, and the link the renter must open to keep an unconfirmed booking. */
export function bookingReceivedMail(booking: TBooking, context: RenterMailContext): MailDraft {
  const hold = booking.holdUntil
    ? `Please open "${MANAGE}" below to confirm that this booking is yours. If neither you nor we confirm it by ${formatInstant(new Date(booking.holdUntil))}, it is cancelled and the car's dates are released.`
    : null;
  return renterMail(booking, context, {
    kind: 'booking.confirmation',
    subject: `Booking received: ${when(booking)} (${booking.reference})`,
    lead: [
      `Thank you for booking with ${context.business.name}. We have received your booking and will call you to confirm it. Nothing has been charged: you pay at pick-up.`,
      ...(hold ? [hold] : []),
    ],
    receipt: true,
    action: MANAGE,
  });
}

export function bookingConfirmedMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return renterMail(booking, context, {
    kind: 'booking.confirmed',
    subject: `Booking confirmed: ${when(booking)} (${booking.reference})`,
    lead: [`Good news: your booking is confirmed. We will have the ${booking.carName} ready for you on ${formatLongDate(booking.pickupDate)} at ${booking.pickupTime}.`],
    receipt: true,
    action: MANAGE,
  });
}

const CANCELLED_BECAUSE: Record<CancelledBy, string> = {
  renter: 'As you asked, your booking is cancelled. Nothing more is due for it.',
  staff: 'Your booking has been cancelled by our staff. If you did not expect this, please call us.',
  hold: 'Your booking was not confirmed in time, so it has been cancelled and the car’s dates released. You are welcome to book again.',
};

export function bookingCancelledMail(booking: TBooking, by: CancelledBy, context: RenterMailContext): MailDraft {
  return renterMail(booking, context, {
    kind: 'booking.cancelled',
    subject: `Booking cancelled: ${when(booking)} (${booking.reference})`,
    lead: [CANCELLED_BECAUSE[by]],
    action: 'See your booking',
  });
}

export function paymentRecordedMail(booking: TBooking, payment: TPayment, context: RenterMailContext): MailDraft {
  const rows: Rows = [
    ['Amount', formatPeso(payment.amount)],
    ['Method', PAYMENT_METHOD_LABELS[payment.method]],
    ['Paid so far', formatPeso(booking.amountPaid)],
    ['Balance', formatPeso(booking.balance)],
  ];
  return renterMail(booking, context, {
    kind: 'payment.recorded',
    subject: `Payment received: ${formatPeso(payment.amount)} for ${booking.reference}`,
    lead: [`We have recorded your payment of ${formatPeso(payment.amount)}. Thank you.`],
    facts: { title: 'Payment', rows },
    action: MANAGE,
  });
}

export function pickupReminderMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return renterMail(booking, context, {
    kind: 'booking.reminder',
    subject: `Tomorrow: ${when(booking)}, ${booking.pickupTime} (${booking.reference})`,
    lead: [
      `A reminder: you pick up the ${booking.carName} tomorrow, ${formatLongDate(booking.pickupDate)}, at ${booking.pickupTime}.`,
      `Bring your driver’s license and this booking reference. The balance of ${formatPeso(booking.balance)} is paid at pick-up.`,
    ],
    action: MANAGE,
  });
}

export function documentRequestMail(booking: TBooking, field: DocumentField, note: string, context: RenterMailContext): MailDraft {
  return renterMail(booking, context, {
    kind: 'booking.document_request',
    subject: `Please send a new ${DOCUMENT_LABELS[field]} for ${booking.reference}`,
    lead: [`We need a new ${DOCUMENT_LABELS[field]} for your booking. Our note: ${note}`, `You can upload it on your booking's page.`],
    action: 'Upload the document',
  });
}

/** "Find my booking": the link again. */
export function bookingLinkMail(booking: TBooking, context: RenterMailContext): MailDraft {
  return renterMail(booking, context, {
    kind: 'booking.link',
    subject: `Your booking ${booking.reference}: ${when(booking)}`,
    lead: ['You asked for the link to your booking. Here it is.', 'If you did not ask for it, you can ignore this e-mail.'],
    action: MANAGE,
  });
}

/** A notice to the garage; `reply-to` is the renter's address. */
function garageMail(kind: string, subject: string, title: string, rows: Rows, business: TBusinessInfo, to: string, replyTo: string): MailDraft {
  return {
    kind,
    to,
    replyTo,
    subject,
    text: [title, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: layout(business, `${heading(title)}${table(rows)}`),
  };
}

function renterRows(booking: TBooking): Rows {
  return [
    ['Customer', booking.customerName],
    ['E-mail', booking.customerEmail],
    ['Phone', booking.customerPhone],
    ...bookingFacts(booking),
  ];
}

/** The garage's notice of a new booking. */
export function garageBookingMail(booking: TBooking, business: TBusinessInfo, to: string): MailDraft {
  const rows = [...renterRows(booking), ['Total', formatPeso(booking.total)] as [string, string]];
  return garageMail('booking.garage', `New booking ${booking.reference}: ${booking.customerName} — ${when(booking)}`, 'New booking from the website', rows, business, to, booking.customerEmail);
}

/** The garage's notice that a renter cancelled on their booking's page. */
export function garageRenterCancelledMail(booking: TBooking, business: TBusinessInfo, to: string): MailDraft {
  const rows: Rows = [...renterRows(booking), ['Paid', formatPeso(booking.amountPaid)]];
  return garageMail('booking.garage_cancelled', `Cancelled by the renter: ${booking.reference}, ${when(booking)}`, 'A renter cancelled their booking', rows, business, to, booking.customerEmail);
}

/** The garage's notice that a renter sent the document staff asked for. */
export function garageDocumentReceivedMail(booking: TBooking, field: DocumentField, business: TBusinessInfo, to: string): MailDraft {
  const rows: Rows = [['Document', DOCUMENT_LABELS[field]], ...renterRows(booking)];
  return garageMail('booking.garage_document', `New ${DOCUMENT_LABELS[field]} for ${booking.reference}`, 'A renter sent the document you asked for', rows, business, to, booking.customerEmail);
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
    html: layout(business, `${heading('New enquiry')}${table(facts)}<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escape(message.message)}</p>`),
  };
}
