import { describe, expect, it } from 'vitest';
import { garageBookingMail, garageDocumentReceivedMail, garageRenterCancelledMail } from '../../src/server/mail/templates';
import { garageContext, mailBooking } from '../utils/mailFixtures';

describe("the garage's notices about a booking", () => {
  const booking = mailBooking({ locale: 'fil', status: 'cancelled', cancelledBy: 'renter', cancelledAt: '2026-11-28T02:00:00.000Z' });
  const notices = [garageBookingMail(booking, garageContext), garageRenterCancelledMail(booking, garageContext), garageDocumentReceivedMail(booking, 'photoId1Url', garageContext)];

  it('link to the booking in the dashboard, at the site’s address, in the text and the HTML part', () => {
    const link = 'https://rent.example.ph/admin?tab=bookings&q=HI-7XH8HT';
    for (const notice of notices) {
      expect(notice.text, notice.kind).toContain(`Open in the dashboard: ${link}`);
      expect(notice.html, notice.kind).toContain(`href="${link.replace('&', '&amp;')}"`);
    }
  });

  it("name the renter's language, so staff call back a Filipino renter in Filipino", () => {
    for (const notice of notices) expect(notice.text, notice.kind).toContain('Language: Filipino');
  });
});
