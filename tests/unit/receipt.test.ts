import { describe, expect, it } from 'vitest';
import { computePrice } from '../../src/shared/pricing';
import { withLocale } from '../../src/server/i18n';
import { bookingPriceLines, importantInformation, priceRows } from '../../src/shared/receipt';
import { bookingFormCopy } from '../../src/client/content/bookingForm';
import { confirmationWording } from '../../src/client/features/booking/BookingConfirmation';

describe('price rows', () => {
  it('label every charge of a live summary with its days and per-day amount', () => {
    const price = computePrice({
      dailyRate: '1800.00',
      pickupDate: '2026-12-01',
      returnDate: '2026-12-04',
      driverService: 'within_pangasinan',
      distanceService: 'outside_pangasinan_500',
      deliveryArea: 'bolinao',
    });
    expect(priceRows(price.lines, { deliveryArea: 'bolinao' })).toEqual([
      { key: 'rental', label: 'Vehicle rental (3 days × ₱1,800)', amount: '5400.00' },
      { key: 'driver', label: 'Driver service (3 days × ₱1,500)', amount: '4500.00' },
      { key: 'distance', label: 'Distance service (3 days × ₱500)', amount: '1500.00' },
      { key: 'delivery', label: 'Delivery (Bolinao)', amount: '600.00' },
      { key: 'insurance', label: 'Insurance (per rental)', amount: '500.00' },
    ]);
  });

  it('say "1 day" for a one-day rental and leave out services not taken', () => {
    const price = computePrice({ dailyRate: '2500', pickupDate: '2026-12-01', returnDate: '2026-12-02' });
    expect(priceRows(price.lines).map((row) => row.label)).toEqual(['Vehicle rental (1 day × ₱2,500)', 'Insurance (per rental)']);
  });

  it('rebuild a stored booking\'s lines from its figures, the driver per day being its fee divided by the days', () => {
    const lines = bookingPriceLines({
      totalDays: 3,
      dailyRate: '1800.00',
      subtotal: '5400.00',
      driverFee: '6000.00',
      distanceFee: '0.00',
      deliveryFee: '0.00',
      insurance: '500.00',
    });
    expect(lines).toEqual([
      { key: 'rental', amount: '5400.00', perDay: '1800.00', days: 3 },
      { key: 'driver', amount: '6000.00', perDay: '2000.00', days: 3 },
      { key: 'insurance', amount: '500.00' },
    ]);
  });

  it('give a stored booking the same lines the live summary showed for it', () => {
    const price = computePrice({ dailyRate: '3200', pickupDate: '2027-01-30', returnDate: '2027-02-02', driverService: 'outside_pangasinan', distanceService: 'over_250km_800', deliveryArea: 'san_fabian' });
    const stored = bookingPriceLines({ totalDays: price.days, ...price });
    expect(stored).toEqual(price.lines);
  });

  it('add a staff booking\'s agreed adjustment as its own last row', () => {
    const price = computePrice({ dailyRate: '1000', pickupDate: '2026-12-01', returnDate: '2026-12-03' });
    expect(priceRows(price.lines, { adjustment: '-300.00' }).at(-1)).toEqual({ key: 'adjustment', label: 'Agreed price adjustment', amount: '-300.00' });
    expect(priceRows(price.lines, { adjustment: '0.00' }).some((row) => row.key === 'adjustment')).toBe(false);
  });
});

describe('what the receipt asks the renter to bring', () => {
  const open = { cancelledAt: null, driverService: 'none' } as const;

  it('is the confirmation once the booking is confirmed, our e-mail or the reference while it is pending, in either language', () => {
    expect(importantInformation({ ...open, status: 'confirmed' })[0]).toBe('Bring a valid driver’s license and this confirmation.');
    expect(importantInformation({ ...open, status: 'pending' })[0]).toBe('Bring a valid driver’s license and our e-mail or your booking reference.');
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'confirmed' })[0])).toBe('Dalhin ang valid na driver’s license at ang kumpirmasyong ito.');
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'pending' })[0])).toBe('Dalhin ang valid na driver’s license at ang e-mail namin o ang booking reference mo.');
    // The rest of the list is the same whatever the status.
    expect(importantInformation({ ...open, status: 'pending' }).slice(1)).toEqual(importantInformation({ ...open, status: 'confirmed' }).slice(1));
  });

  it('says who feeds and lodges the driver only when the booking has one, in either language', () => {
    const driverLine = 'The renter provides the driver’s meals and accommodation.';
    for (const status of ['pending', 'confirmed'] as const) {
      expect(importantInformation({ ...open, status })).not.toContain(driverLine);
      expect(importantInformation({ ...open, status, driverService: 'within_pangasinan' }).at(-1)).toBe(driverLine);
      expect(importantInformation({ ...open, status, driverService: 'outside_pangasinan' }).at(-1)).toBe(driverLine);
    }
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'confirmed', driverService: 'within_pangasinan' }).at(-1))).toBe('Sagot ng renter ang pagkain at tutuluyan ng driver.');
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'confirmed' }))).not.toContain('Sagot ng renter ang pagkain at tutuluyan ng driver.');
  });

  it('is nothing for a cancelled booking: it says when it was cancelled and that there is no pick-up, in either language', () => {
    const cancelled = { status: 'cancelled', cancelledAt: '2027-03-05T01:41:00.000Z', driverService: 'within_pangasinan' } as const;
    expect(importantInformation(cancelled)).toEqual(['This booking was cancelled on March 5, 2027 at 9:41 AM, so there is no pick-up.']);
    expect(withLocale('fil', () => importantInformation(cancelled))).toEqual(['Na-cancel ang booking na ito noong Marso 5, 2027, 9:41 AM, kaya wala nang pick-up.']);
    // Cancelled before the time of a cancellation was recorded.
    expect(importantInformation({ ...open, status: 'cancelled' })).toEqual(['This booking was cancelled, so there is no pick-up.']);
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'cancelled' }))).toEqual(['Na-cancel ang booking na ito, kaya wala nang pick-up.']);
  });

  it('is nothing for a completed booking: the rental is over, in either language', () => {
    expect(importantInformation({ ...open, status: 'completed' })).toEqual(['Your rental is over. Keep this receipt for your records.']);
    expect(withLocale('fil', () => importantInformation({ ...open, status: 'completed' }))).toEqual(['Tapos na ang rental mo. Itago mo ang resibong ito para sa records mo.']);
  });
});

describe('the receipt dialog after a website booking', () => {
  it('is a receipt to keep while the booking is pending, and the confirmation once it is confirmed, in either language', () => {
    expect(confirmationWording({ status: 'pending' })).toEqual({ title: 'Booking Receipt', saveNotice: 'Please save or print this receipt. It has your booking reference for pick-up.' });
    expect(confirmationWording({ status: 'confirmed' })).toEqual({ title: 'Booking Confirmation', saveNotice: 'Please save or print this confirmation. You will need it at pick-up.' });
    expect(withLocale('fil', () => confirmationWording({ status: 'pending' }))).toEqual({ title: 'Resibo ng Booking', saveNotice: 'I-save o i-print ang resibong ito. Nandito ang booking reference mo para sa pick-up.' });
    expect(withLocale('fil', () => confirmationWording({ status: 'confirmed' }))).toEqual({ title: 'Kumpirmasyon ng Booking', saveNotice: 'I-save o i-print ang kumpirmasyong ito. Kailangan mo ito sa pick-up.' });
  });

  it('calls nothing in a pending booking\'s dialog a confirmation: its title, its save line and the line on the copy sent by e-mail', () => {
    for (const locale of ['en', 'fil'] as const) {
      withLocale(locale, () => {
        const { title, saveNotice } = confirmationWording({ status: 'pending' });
        for (const text of [title, saveNotice, bookingFormCopy.confirmation.status({ hours: '8:00 AM - 6:00 PM' })]) expect(text, locale).not.toMatch(/confirmation|kumpirmasyon/i);
      });
    }
  });
});
