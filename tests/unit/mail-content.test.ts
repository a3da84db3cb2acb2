import { describe, expect, it } from 'vitest';
import filipino from '../../src/server/mail/mail.fil';
import { bookingCancelledMail, bookingConfirmedMail, bookingDatesChangedMail, bookingReceivedMail, documentRequestMail, paymentVoidedMail, pickupReminderMail } from '../../src/server/mail/templates';
import { mailBooking, mailContext, mailPayment } from '../utils/mailFixtures';

describe('the pick-up reminder', () => {
  it('asks for the balance and names the deposit collected at pick-up', () => {
    const mail = pickupReminderMail(mailBooking({ amountPaid: '2500.00', balance: '10000.00' }), mailContext);
    expect(mail.text).toContain('The balance of ₱10,000 is paid at pick-up.');
    expect(mail.text).toContain('security deposit of ₱3,000');
  });

  it('tells a renter whose car is delivered that it is brought to their address, in either language', () => {
    const delivered = { wantsDelivery: true, deliveryArea: 'bolinao' as const, deliveryAddress: '12 Rizal Street\nBolinao' };
    const english = pickupReminderMail(mailBooking(delivered), mailContext);
    expect(english.text).toContain('we bring the');
    expect(english.text).toContain('to 12 Rizal Street, Bolinao tomorrow');
    expect(english.text).not.toContain('you pick up');
    const filipino = pickupReminderMail(mailBooking({ ...delivered, locale: 'fil' }), mailContext);
    expect(filipino.text).toContain('dadalhin namin ang');
    expect(filipino.text).toContain('sa 12 Rizal Street, Bolinao.');
  });

  it('tells a renter who paid in full that nothing is left to pay, never "a balance of ₱0", in either language', () => {
    for (const locale of ['en', 'fil'] as const) {
      const mail = pickupReminderMail(mailBooking({ amountPaid: '12500.00', balance: '0.00', locale }), mailContext);
      expect(mail.text, locale).not.toContain('₱0');
      expect(mail.html, locale).not.toContain('₱0');
    }
    expect(pickupReminderMail(mailBooking({ amountPaid: '12500.00', balance: '0.00' }), mailContext).text).toContain('Your booking is fully paid.');
    expect(pickupReminderMail(mailBooking({ amountPaid: '12500.00', balance: '0.00', locale: 'fil' }), mailContext).text).toContain('Bayad na nang buo ang booking mo.');
  });

  it('says nothing of a deposit for a booking that holds none', () => {
    const mail = pickupReminderMail(mailBooking({ deposit: '0.00' }), mailContext);
    expect(mail.text).not.toMatch(/deposit/i);
  });
});

describe('a booking cancelled by staff', () => {
  it('tells a renter who had paid what they paid and that the garage will call about it, in either language', () => {
    const en = bookingCancelledMail(mailBooking({ status: 'cancelled', cancelledBy: 'staff', amountPaid: '2500.50', balance: '10000.00' }), 'staff', mailContext);
    expect(en.text).toContain('You have paid ₱2,500.50 on this booking');
    const fil = bookingCancelledMail(mailBooking({ status: 'cancelled', cancelledBy: 'staff', amountPaid: '2500.50', balance: '10000.00', locale: 'fil' }), 'staff', mailContext);
    expect(fil.text).toContain('Nakapagbayad ka ng ₱2,500.50');
  });

  it('says nothing of money to a renter who paid nothing', () => {
    const mail = bookingCancelledMail(mailBooking({ status: 'cancelled', cancelledBy: 'staff' }), 'staff', mailContext);
    expect(mail.text).toContain('Your booking has been cancelled by our staff.');
    expect(mail.text).not.toContain('You have paid');
  });
});

describe('what to bring, in the e-mails with the receipt', () => {
  const CONFIRMATION = { en: 'Bring a valid driver’s license and this confirmation.', fil: 'Dalhin ang valid na driver’s license at ang kumpirmasyong ito.' };
  const PENDING = { en: 'Bring a valid driver’s license and our e-mail or your booking reference.', fil: 'Dalhin ang valid na driver’s license at ang e-mail namin o ang booking reference mo.' };

  it('asks a renter whose booking is not confirmed yet for the e-mail or its reference, not for a confirmation, in either language', () => {
    for (const locale of ['en', 'fil'] as const) {
      const pending = mailBooking({ status: 'pending', locale });
      for (const mail of [bookingReceivedMail(pending, mailContext), bookingDatesChangedMail(pending, mailContext)]) {
        expect(mail.text, `${mail.kind} ${locale}`).toContain(`- ${PENDING[locale]}`);
        expect(mail.html, `${mail.kind} ${locale}`).toContain(`<li>${PENDING[locale]}</li>`);
        expect(mail.text + mail.html, `${mail.kind} ${locale}`).not.toContain(CONFIRMATION[locale]);
      }
    }
  });

  it('asks a renter whose booking is confirmed for the confirmation, as the printed receipt does', () => {
    for (const locale of ['en', 'fil'] as const) {
      const confirmed = mailBooking({ status: 'confirmed', locale });
      for (const mail of [bookingConfirmedMail(confirmed, mailContext), bookingDatesChangedMail(confirmed, mailContext)]) {
        expect(mail.text, `${mail.kind} ${locale}`).toContain(`- ${CONFIRMATION[locale]}`);
        expect(mail.text, `${mail.kind} ${locale}`).not.toContain(PENDING[locale]);
      }
    }
  });

  it('follow the receipt\'s rule for a closed booking too: nothing to bring and no pick-up, as on its page, in either language', () => {
    const CLOSED = {
      cancelled: { en: 'This booking was cancelled on December 1, 2026 at 10:00 AM, so there is no pick-up.', fil: 'Na-cancel ang booking na ito noong Disyembre 1, 2026, 10:00 AM, kaya wala nang pick-up.' },
      completed: { en: 'Your rental is over. Keep this receipt for your records.', fil: 'Tapos na ang rental mo. Itago mo ang resibong ito para sa records mo.' },
    };
    for (const locale of ['en', 'fil'] as const) {
      for (const status of ['cancelled', 'completed'] as const) {
        const booking = mailBooking({ status, locale, ...(status === 'cancelled' ? { cancelledBy: 'staff', cancelledAt: '2026-12-01T02:00:00.000Z' } : {}) });
        for (const mail of [bookingReceivedMail(booking, mailContext), bookingConfirmedMail(booking, mailContext), bookingDatesChangedMail(booking, mailContext)]) {
          expect(mail.text, `${mail.kind} ${status} ${locale}`).toContain(`- ${CLOSED[status][locale]}`);
          expect(mail.html, `${mail.kind} ${status} ${locale}`).toContain(`<li>${CLOSED[status][locale]}</li>`);
          expect(mail.text + mail.html, `${mail.kind} ${status} ${locale}`).not.toMatch(/driver’s license (and|at ang)/);
        }
      }
    }
  });
});

describe('an open booking sent to the address staff corrected', () => {
  it('says first that the garage corrected the address, under its own subject, then the booking as before, in either language', () => {
    const expected = {
      en: { subject: 'E-mail address corrected: ', lead: 'We have corrected the e-mail address on your booking to this one' },
      fil: { subject: 'Itinama namin ang e-mail address mo: ', lead: 'Itinama namin ang e-mail address sa booking mo' },
    };
    for (const locale of ['en', 'fil'] as const) {
      for (const [write, status] of [[bookingReceivedMail, 'pending'], [bookingConfirmedMail, 'confirmed']] as const) {
        const booking = mailBooking({ status, locale });
        const plain = write(booking, mailContext);
        const corrected = write(booking, mailContext, { emailCorrected: true });
        expect(corrected.subject, `${status} ${locale}`).toMatch(new RegExp(`^${expected[locale].subject}Toyota Vios 1\\.3 XLE, .+ \\(HI-7XH8HT\\)$`));
        // Its first paragraph after the greeting, in the text and the HTML.
        expect(corrected.text.split('\n\n')[1], `${status} ${locale}`).toContain(expected[locale].lead);
        expect(corrected.html, `${status} ${locale}`).toContain(expected[locale].lead);
        // Then the booking's e-mail as it is: its lead, the receipt with the reference, the link.
        const plainLead = plain.text.split('\n\n')[1]!;
        expect(corrected.text.split('\n\n')[2], `${status} ${locale}`).toBe(plainLead);
        expect(corrected.text, `${status} ${locale}`).toContain('HI-7XH8HT');
        expect(corrected.text, `${status} ${locale}`).toContain('https://rent.example.ph/');
        expect(corrected.kind).toBe(plain.kind);
        expect(plain.text + plain.subject, `${status} ${locale}`).not.toContain(expected[locale].lead);
      }
    }
  });
});

describe('the Filipino e-mails', () => {
  /** Every sentence of the Filipino mail catalog. */
  const sentences = (tree: object): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : sentences(value as object)));

  it('speak of the garage as "kami" throughout, never as "the staff", and in the words a Filipino reader expects', () => {
    const odd = [
      /\bstaff\b/i, // the garage is "kami/namin", not "ang staff" beside "namin"
      /Nakahanda na/, // "already ready", for a car that will be readied
      /Ang sabi/, // "what was said", for the garage's note
      /petsa ng sasakyan/, // "the car's dates released", word for word
      /matapos ang refund/,
      /para dito/, // "rito" after a vowel
      /ay (babayaran|kinukuha)/, // the English word order
    ];
    for (const sentence of sentences(filipino)) for (const pattern of odd) expect(sentence, String(pattern)).not.toMatch(pattern);
  });

  it('say that the garage readies the car, cancels a booking and writes the note, in its own voice', () => {
    const confirmed = bookingConfirmedMail(mailBooking({ status: 'confirmed', locale: 'fil', pickupDate: '2099-12-08' }), mailContext);
    expect(confirmed.text).toContain('Ihahanda namin ang Toyota Vios 1.3 XLE para sa iyo sa ');
    const cancelled = bookingCancelledMail(mailBooking({ status: 'cancelled', cancelledBy: 'staff', locale: 'fil' }), 'staff', mailContext);
    expect(cancelled.text).toContain('Na-cancel namin ang booking mo.');
    const request = documentRequestMail(mailBooking({ locale: 'fil' }), 'photoId1Url', 'Malabo ang litrato.', mailContext);
    expect(request.text).toContain('Note namin: Malabo ang litrato.');
    const voided = paymentVoidedMail(mailBooking({ locale: 'fil' }), mailPayment({ voidReason: 'Mali ang halaga.' }), mailContext);
    expect(voided.text).toContain('Note namin: Mali ang halaga.');
  });
});
