/** The names of the booking's choices, documents, payment methods and price lines, in English (Filipino: labels.fil.ts). */
export default {
  driverService: {
    none: { label: 'Self Drive Only', detail: 'You drive the car yourself.' },
    within_pangasinan: { label: 'With Driver - Within Pangasinan', detail: '{rate} per day. The renter provides the driver’s meals and accommodation.' },
    outside_pangasinan: { label: 'With Driver - Outside Pangasinan', detail: '{rate} per day. The renter provides the driver’s meals and accommodation.' },
  },
  distanceService: {
    none: { label: 'Staying in Pangasinan', detail: 'No distance charge.' },
    outside_pangasinan_500: { label: 'Driving Outside Pangasinan', detail: '{rate} per day for trips beyond the province.' },
    over_250km_800: { label: 'Over 250 km Trip', detail: '{rate} per day for long-distance trips over 250 km.' },
  },
  deliveryArea: {
    alaminos_city: 'Within Alaminos City',
    alaminos_outskirts: 'Alaminos (outskirts)',
    bolinao: 'Bolinao',
    mabini: 'Mabini',
    lingayen: 'Lingayen',
    calasiao: 'Calasiao',
    san_fabian: 'San Fabian',
  },
  document: {
    photoId1Url: 'Photo ID #1',
    photoId2Url: 'Photo ID #2',
    proofOfBillingUrl: 'Proof of Billing',
  },
  paymentMethod: {
    cash: 'Cash',
    gcash: 'GCash',
    maya: 'Maya',
    bank_transfer: 'Bank transfer',
    card: 'Card',
  },
  /** A refund's row in a payment list: how it reads, with its amount given back. */
  refund: 'Refund',
  refundAmount: '−{amount}',
  priceLine: {
    rental: 'Vehicle rental',
    driver: 'Driver service',
    distance: 'Distance service',
    delivery: 'Delivery',
    insurance: 'Insurance',
    adjustment: 'Agreed price adjustment',
  },
  dayCount: '{days, plural, one {# day} other {# days}}',
  priceLinePerDay: '{label} ({days, plural, one {# day} other {# days}} × {perDay})',
  priceLineDelivery: '{label} ({area})',
  priceLineInsurance: '{label} (per rental)',
  /** How a booking's security deposit reads beside its total. */
  deposit: 'Security deposit, collected at pick-up (refundable, not in the total)',
  /** What the receipt and the booking's e-mails tell the renter of a booking still to come, in this order; the first line is what to bring once the booking is confirmed. */
  importantInformation: [
    'Bring a valid driver’s license and this confirmation.',
    'The vehicle is inspected before and after the rental.',
    'Return the fuel at the same level.',
    'Late return charges may apply.',
    'Changes or cancellations need at least 24 hours notice.',
  ],
  /** The last line of that list for a booking with a driver. */
  driverMeals: 'The renter provides the driver’s meals and accommodation.',
  /** What to bring while the booking is not confirmed yet (its receipt on screen and in print, its e-mails): there is no confirmation to bring. */
  bringWhilePending: 'Bring a valid driver’s license and our e-mail or your booking reference.',
  /** What a closed booking's receipt says instead of the list above: a cancelled one has no pick-up, a completed one's rental is over; neither asks for anything. */
  importantWhenClosed: {
    cancelledOn: 'This booking was cancelled on {when}, so there is no pick-up.',
    /** Cancelled before the time of a cancellation was recorded. */
    cancelled: 'This booking was cancelled, so there is no pick-up.',
    completed: 'Your rental is over. Keep this receipt for your records.',
  },
} as const;
