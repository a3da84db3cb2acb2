/**
 * The renter e-mails in English (Filipino: mail.fil.ts). Each is written in its booking's language;
 * the garage's notices stay English, as the dashboard does. Server only: no page loads this catalog.
 */
export default {
  greeting: 'Hi {name},',
  /** The greeting of an e-mail to an address nobody has proven yet: no words the requester wrote. */
  greetingUnproven: 'Hello,',
  facts: {
    reference: 'Booking reference',
    vehicle: 'Vehicle',
    vehicleValue: '{car} ({category})',
    pickup: 'Pick-up',
    return: 'Return',
    dateTime: '{date}, {time}',
    duration: 'Duration',
    driver: 'Driver service',
    distance: 'Distance service',
    delivery: 'Delivery',
    deliveryValue: '{area} — {address}',
    deliveryUnproven: '{area} (the address is on your booking page)',
  },
  total: 'Total amount',
  headings: {
    booking: 'Your booking',
    pricing: 'Pricing summary',
    important: 'Important information',
  },
  actions: {
    manage: 'Manage your booking',
    see: 'See your booking',
    upload: 'Upload the document',
  },
  received: {
    subject: 'Booking received: {what} ({reference})',
    lead: 'Thank you for booking with {business}. We have received your booking and will call you to confirm it. Nothing has been charged: you pay at pick-up.',
    hold: 'Please open “{action}” below to confirm that this booking is yours. If neither you nor we confirm it by {deadline}, it is cancelled and the car’s dates are released.',
  },
  /** Put before an open booking's e-mail sent again to the address staff corrected. */
  emailCorrected: {
    subject: 'E-mail address corrected: {what} ({reference})',
    lead: 'We have corrected the e-mail address on your booking to this one: its e-mails and the “{action}” link below now come here, and links sent to the earlier address no longer work. If this booking is not yours, please reply to let us know.',
  },
  confirmed: {
    subject: 'Booking confirmed: {what} ({reference})',
    lead: 'Good news: your booking is confirmed. We will have the {car} ready for you on {date} at {time}.',
    /** Entered or confirmed once its pick-up time had passed (staff recording a rental already under way). */
    leadStarted: 'Your booking is confirmed: the {car}, picked up on {date} at {time}.',
  },
  datesChanged: {
    subject: 'New dates: {what} ({reference})',
    lead: 'Your booking now runs from {pickup}, pick-up at {time}, to {return}. Your receipt with the new dates and price is below.',
    title: 'Your booking now',
    paid: 'Paid so far',
    balance: 'Balance',
  },
  cancelled: {
    subject: 'Booking cancelled: {what} ({reference})',
    renter: 'As you asked, your booking is cancelled. Nothing more is due for it.',
    renterPaid: 'As you asked, your booking is cancelled. You have paid {paid} on this booking: as our terms say, {due} of it is given back to you. We will e-mail you when we send it.',
    staff: 'Your booking has been cancelled by our staff. If you did not expect this, please call us.',
    staffPaid: 'Your booking has been cancelled by our staff. You have paid {paid} on this booking: we will call you about giving it back. If you did not expect this, please call us.',
    hold: 'Your booking was not confirmed in time, so it has been cancelled and the car’s dates released. You are welcome to book again.',
  },
  payment: {
    subject: 'Payment received: {amount} for {reference}',
    lead: 'We have recorded your payment of {amount}. Thank you.',
    title: 'Payment',
    amount: 'Amount',
    method: 'Method',
    paid: 'Paid so far',
    balance: 'Balance',
  },
  refund: {
    subject: 'Refund: {amount} for {reference}',
    lead: 'We have given back {amount} of what you paid for this booking.',
    title: 'Refund',
    amount: 'Amount',
    method: 'Method',
    paid: 'Paid, after the refund',
    balance: 'Balance',
  },
  voided: {
    subject: 'Correction: {amount} for {reference}',
    payment: 'A payment of {amount} recorded on {date} was entered by mistake, and we have removed it from your booking. Our note: {reason}',
    refund: 'A refund of {amount} recorded on {date} was entered by mistake, and we have removed it from your booking. Our note: {reason}',
    title: 'Your booking now',
    paid: 'Paid so far',
    balance: 'Balance',
  },
  reminder: {
    subject: 'Tomorrow: {what}, {time} ({reference})',
    lead: 'A reminder: you pick up the {car} tomorrow, {date}, at {time}.',
    /** The car is brought to the renter (delivery). */
    leadDelivered: 'A reminder: we bring the {car} to {address} tomorrow, {date}, at {time}.',
    bring: 'Bring your driver’s license and this booking reference.',
    balance: 'The balance of {balance} is paid at pick-up.',
    /** Nothing is left to pay (paid in advance, by GCash or transfer). */
    paid: 'Your booking is fully paid.',
    deposit: 'The security deposit of {deposit} is collected at pick-up, in cash or as a card hold, and refunded on return.',
  },
  documentRequest: {
    subject: 'Please send a new {document} for {reference}',
    lead: 'We need a new {document} for your booking. Our note: {note}',
    where: 'You can upload it on your booking’s page.',
  },
  link: {
    subject: 'Your booking {reference}: {what}',
    lead: 'You asked for the link to your booking. Here it is.',
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
} as const;
