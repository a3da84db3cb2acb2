import { describe, expect, it } from 'vitest';
import { myBookingCopy } from '../../src/client/content/myBooking';
import { isOpen, statusText, tokenFromHash } from '../../src/client/features/myBooking/manageLink';

const TOKEN = '0b7f6a52-3c1e-4e55-9b1a-2f9d8c7e6a50.1843015664._w3Yhgqu_0AeUQR9dIZt1CsiMwBIEmsedMLeLZYy1to';

describe('tokenFromHash', () => {
  it('reads the manage link’s token from the address’s fragment', () => {
    expect(tokenFromHash(`#${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(TOKEN)).toBe(TOKEN);
    // A link sent after staff corrected the renter's address carries the version of the booking's links.
    const versioned = TOKEN.replace('.1843015664.', '.1843015664.2.');
    expect(tokenFromHash(`#${versioned}`)).toBe(versioned);
  });

  it('is null when there is no token, or when what is there cannot be one', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#contact')).toBeNull();
    // A link cut short by a mail program.
    expect(tokenFromHash(`#${TOKEN.slice(0, 40)}`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN}<script>`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN}${'x'.repeat(200)}`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.replace('.1843015664.', '.1843015664.0.')}`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.replace('.1843015664.', '.1843015664.x.')}`)).toBeNull();
  });
});

describe('statusText', () => {
  const booking = { status: 'pending' as const, cancelledBy: null, pickupDate: '2027-01-05', pickupTime: '10:00 AM' };
  const s = myBookingCopy.manage.status;

  it('says what happens next for each status', () => {
    expect(statusText(booking)).toBe(s.pending);
    expect(statusText({ ...booking, status: 'confirmed' })).toBe('Your booking is confirmed. Your car will be ready on January 05, 2027 at 10:00 AM.');
    expect(statusText({ ...booking, status: 'completed' })).toBe(s.completed);
  });

  it('says who cancelled a booking', () => {
    expect(statusText({ ...booking, status: 'cancelled', cancelledBy: 'renter' })).toBe(s.cancelled.renter);
    expect(statusText({ ...booking, status: 'cancelled', cancelledBy: 'staff' })).toBe(s.cancelled.staff);
    expect(statusText({ ...booking, status: 'cancelled', cancelledBy: 'hold' })).toBe(s.cancelled.hold);
    expect(statusText({ ...booking, status: 'cancelled' })).toBe(s.cancelled.unknown);
  });
});

describe('isOpen', () => {
  it('holds for bookings still to come only', () => {
    expect(['pending', 'confirmed', 'cancelled', 'completed'].map((status) => isOpen({ status: status as 'pending' }))).toEqual([true, true, false, false]);
  });
});
