import type { TBusinessInfo } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { DELIVERY_AREA_LABELS, DISTANCE_SERVICE_LABELS, DRIVER_SERVICE_LABELS, dayCount } from '../../shared/labels';
import { formatPeso } from '../../shared/money';
import { IMPORTANT_INFORMATION, bookingPriceRows } from '../../shared/receipt';
import type { TBooking } from '../../shared/schemas/booking.schema';
import type { TContact } from '../../shared/schemas/contact.schema';
import type { MailDraft } from './outbox';
import { escapeHtml as escape } from '../html';


function priceTable(b: TBooking): Array<[string, string]> {
  return bookingPriceRows(b).map((row) => [row.label, formatPeso(row.amount)]);
}

function bookingFacts(b: TBooking): Array<[string, string]> {
  const facts: Array<[string, string]> = [
    ['Booking reference', b.id.toUpperCase()],
    ['Vehicle', `${b.carName} (${b.carCategory})`],
    ['Pick-up', `${formatLongDate(b.pickupDate)}, ${b.pickupTime}`],
    ['Return', `${formatLongDate(b.returnDate)}, ${b.pickupTime}`],
    ['Duration', dayCount(b.totalDays)],
    ['Driver service', DRIVER_SERVICE_LABELS[b.driverService].label],
    ['Distance service', DISTANCE_SERVICE_LABELS[b.distanceService].label],
  ];
  if (b.wantsDelivery && b.deliveryArea) {
    facts.push(['Delivery', `${DELIVERY_AREA_LABELS[b.deliveryArea]} — ${b.deliveryAddress ?? ''}`]);
  }
  return facts;
}

function table(rows: Array<[string, string]>, total?: [string, string]): string {
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

/** The renter's confirmation: the receipt's content. */
export function bookingConfirmationMail(booking: TBooking, business: TBusinessInfo): MailDraft {
  const facts = bookingFacts(booking);
  const prices = priceTable(booking);
  const total: [string, string] = ['Total amount', formatPeso(booking.total)];
  const text = [
    `Hi ${booking.customerName},`,
    '',
    `Thank you for booking with ${business.name}. We have received your booking; we will call you to confirm it.`,
    'Nothing has been charged: you pay at pick-up.',
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...prices.map(([k, v]) => `${k}: ${v}`),
    `${total[0]}: ${total[1]}`,
    '',
    'Important information:',
    ...IMPORTANT_INFORMATION.map((line) => `- ${line}`),
    '',
    `${business.name}`,
    `${business.addressLine1}, ${business.addressLine2}`,
    `${business.phonePrimary} / ${business.phoneSecondary}`,
    `${business.hours}`,
  ].join('\n');
  const html = layout(
    business,
    `<p>Hi ${escape(booking.customerName)},</p>
<p>Thank you for booking with ${escape(business.name)}. We have received your booking and will call you to confirm it. Nothing has been charged: you pay at pick-up.</p>
<h2 style="font-size:16px;margin:20px 0 8px">Your booking</h2>${table(facts)}
<h2 style="font-size:16px;margin:20px 0 8px">Pricing summary</h2>${table(prices, total)}
<h2 style="font-size:16px;margin:20px 0 8px">Important information</h2><ul>${IMPORTANT_INFORMATION.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>
<p style="color:#666;font-size:13px">${escape(business.hours)}</p>`,
  );
  return {
    kind: 'booking.confirmation',
    to: booking.customerEmail,
    replyTo: business.email,
    subject: `Booking received: ${booking.carName}, ${formatLongDate(booking.pickupDate)} (ref ${booking.id.slice(0, 8).toUpperCase()})`,
    text,
    html,
  };
}

/** The garage's notice of a new booking. */
export function garageBookingMail(booking: TBooking, business: TBusinessInfo, to: string): MailDraft {
  const facts: Array<[string, string]> = [
    ['Customer', booking.customerName],
    ['E-mail', booking.customerEmail],
    ['Phone', booking.customerPhone],
    ...bookingFacts(booking),
    ['Total', formatPeso(booking.total)],
  ];
  return {
    kind: 'booking.garage',
    to,
    replyTo: booking.customerEmail,
    subject: `New booking: ${booking.customerName} — ${booking.carName}, ${formatLongDate(booking.pickupDate)}`,
    text: facts.map(([k, v]) => `${k}: ${v}`).join('\n'),
    html: layout(business, `<h2 style="font-size:16px">New booking from the website</h2>${table(facts)}`),
  };
}

/** The garage's notice of an enquiry from the contact form. */
export function garageEnquiryMail(message: TContact, business: TBusinessInfo, to: string): MailDraft {
  const name = `${message.firstName} ${message.lastName}`;
  const facts: Array<[string, string]> = [
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
    html: layout(
      business,
      `<h2 style="font-size:16px">New enquiry</h2>${table(facts)}<p style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escape(message.message)}</p>`,
    ),
  };
}
