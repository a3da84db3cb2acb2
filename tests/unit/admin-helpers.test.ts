import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  bookingPriceLines,
  canAddPayment,
  carChoiceLabel,
  dateTime,
  describeAuditEntry,
  errorMessage,
  fieldErrors,
  holdMinutesLeft,
  isAcceptableUploadUrl,
  isUnauthorized,
  monthLabel,
  pageInfo,
  shortDate,
} from '../../src/client/features/admin/helpers';
import { carImageProblem } from '../../src/client/features/admin/upload';
import { adminCopy } from '../../src/client/content/admin';

describe('errorMessage', () => {
  it('uses the server’s message when the error came from the server', () => {
    expect(errorMessage({ message: 'That name is already on the blocklist', data: { code: 'CONFLICT', httpStatus: 409 } }, 'Failed to block name')).toBe(
      'That name is already on the blocklist',
    );
  });

  it('falls back to the action’s default for network failures and empty messages', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to add car')).toBe('Failed to add car');
    expect(errorMessage({ message: '  ', data: { code: 'INTERNAL' } }, 'Failed to add car')).toBe('Failed to add car');
    expect(errorMessage(null, 'Failed to add car')).toBe('Failed to add car');
  });
});

describe('isUnauthorized', () => {
  it('recognises a refused session by code or status', () => {
    expect(isUnauthorized({ data: { code: 'UNAUTHORIZED' } })).toBe(true);
    expect(isUnauthorized({ data: { httpStatus: 401 } })).toBe(true);
    expect(isUnauthorized({ data: { code: 'FORBIDDEN', httpStatus: 403 } })).toBe(false);
    expect(isUnauthorized(new Error('Unauthorized'))).toBe(false);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    const error = { data: { issues: [{ path: 'amount', message: 'first' }, { path: 'amount', message: 'second' }, { path: 'note', message: 'too long' }] } };
    expect(fieldErrors(error)).toEqual({ amount: 'first', note: 'too long' });
    expect(fieldErrors({ data: { issues: null } })).toEqual({});
  });
});

const booking = {
  totalDays: 3,
  dailyRate: '1500.00',
  subtotal: '4500.00',
  driverFee: '4500.00',
  distanceFee: '0.00',
  deliveryFee: '600.00',
  insurance: '500.00',
  adjustment: '0.00',
};

describe('bookingPriceLines', () => {
  it('lists each charge that is not zero, in the receipt’s order', () => {
    expect(bookingPriceLines(booking)).toEqual([
      { key: 'rental', label: 'Vehicle rental', detail: '3 days × ₱1,500', amount: '4500.00' },
      { key: 'driver', label: 'Driver service', detail: '₱1,500/day', amount: '4500.00' },
      { key: 'delivery', label: 'Delivery', detail: null, amount: '600.00' },
      { key: 'insurance', label: 'Insurance', detail: null, amount: '500.00' },
    ]);
  });

  it('shows a negative agreed adjustment and a one-day rental', () => {
    const lines = bookingPriceLines({ ...booking, totalDays: 1, subtotal: '1500.00', driverFee: '0.00', deliveryFee: '0.00', adjustment: '-200.00' });
    expect(lines.map((line) => [line.key, line.detail, line.amount])).toEqual([
      ['rental', '1 day × ₱1,500', '1500.00'],
      ['insurance', null, '500.00'],
      ['adjustment', null, '-200.00'],
    ]);
  });
});

describe('payments', () => {
  it('the balance is what is left, never below zero', () => {
    expect(balanceOf({ total: '5000.00', amountPaid: '1500.50' })).toBe('3499.50');
    expect(balanceOf({ total: '5000.00', amountPaid: '6000.00' })).toBe('0.00');
  });

  it('Add Payment is offered only while a balance remains on a booking that is not cancelled', () => {
    expect(canAddPayment({ total: '5000.00', amountPaid: '0.00', status: 'pending' })).toBe(true);
    expect(canAddPayment({ total: '5000.00', amountPaid: '4999.99', status: 'completed' })).toBe(true);
    expect(canAddPayment({ total: '5000.00', amountPaid: '5000.00', status: 'confirmed' })).toBe(false);
    expect(canAddPayment({ total: '5000.00', amountPaid: '0.00', status: 'cancelled' })).toBe(false);
  });
});

describe('dates and paging', () => {
  it('formats months and calendar dates without a time zone shift', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
    expect(shortDate('2027-01-05')).toBe('Jan 5, 2027');
    expect(shortDate('2027-01-05T10:30:00.000Z')).toBe('Jan 5, 2027');
  });

  it('writes a timestamp (created, customer since, blocked on) as its day in Manila, not in UTC', () => {
    // A booking made at 3:32 AM in Manila on Nov 25: still Nov 24 in UTC.
    expect(shortDate('2026-11-24T19:32:00.000Z')).toBe('Nov 25, 2026');
    expect(shortDate('2027-01-05T23:30:00.000Z')).toBe('Jan 6, 2027');
    expect(dateTime('2026-11-24T19:32:00.000Z')).toBe('Nov 25, 2026, 3:32 AM');
    expect(dateTime('2026-11-25T06:05:00.000Z')).toBe('Nov 25, 2026, 2:05 PM');
  });

  it('pageInfo gives the page, page count and range shown', () => {
    expect(pageInfo(0, 20, 0)).toEqual({ page: 1, pages: 1, from: 0, to: 0 });
    expect(pageInfo(0, 20, 45)).toEqual({ page: 1, pages: 3, from: 1, to: 20 });
    expect(pageInfo(40, 20, 45)).toEqual({ page: 3, pages: 3, from: 41, to: 45 });
  });
});

describe('holdMinutesLeft', () => {
  const now = new Date('2026-11-26T04:00:00.000Z');
  const pending = { status: 'pending' as const, holdUntil: '2026-11-26T09:30:00.000Z', emailProven: false };

  it('counts the whole minutes left of a pending booking’s hold, rounding up, and never below zero', () => {
    expect(holdMinutesLeft(pending, now)).toBe(330);
    expect(holdMinutesLeft({ ...pending, holdUntil: '2026-11-26T04:00:30.000Z' }, now)).toBe(1);
    expect(holdMinutesLeft({ ...pending, holdUntil: '2026-11-26T03:59:00.000Z' }, now)).toBe(0);
  });

  it('is null when no hold runs: confirmed by the renter’s link or by staff, or no longer pending', () => {
    expect(holdMinutesLeft({ ...pending, emailProven: true }, now)).toBeNull();
    expect(holdMinutesLeft({ ...pending, holdUntil: null }, now)).toBeNull();
    expect(holdMinutesLeft({ ...pending, status: 'confirmed' }, now)).toBeNull();
    expect(holdMinutesLeft({ ...pending, status: 'cancelled' }, now)).toBeNull();
  });

  it('reads as hours, then minutes, then ending', () => {
    expect(adminCopy.bookings.holdLeft(330)).toBe('Hold: 5 h left');
    expect(adminCopy.bookings.holdLeft(60)).toBe('Hold: 1 h left');
    expect(adminCopy.bookings.holdLeft(59)).toBe('Hold: 59 min left');
    expect(adminCopy.bookings.holdLeft(0)).toBe('Hold: ending');
  });
});

describe('isAcceptableUploadUrl', () => {
  const page = 'https://rent.example.ph/admin';

  it('accepts https anywhere, and http only on the same origin or a loopback host', () => {
    expect(isAcceptableUploadUrl('https://bucket.s3.ap-southeast-1.amazonaws.com/public/x?sig=1', page)).toBe(true);
    expect(isAcceptableUploadUrl('/objects/upload/public/x?sig=1', page)).toBe(true);
    expect(isAcceptableUploadUrl('http://127.0.0.1:9000/bucket/x', page)).toBe(true);
    expect(isAcceptableUploadUrl('http://localhost:5173/objects/upload/x', 'http://localhost:5173/admin')).toBe(true);
  });

  it('refuses plain http elsewhere and other schemes', () => {
    expect(isAcceptableUploadUrl('http://evil.example/x', page)).toBe(false);
    expect(isAcceptableUploadUrl('javascript:alert(1)', page)).toBe(false);
    expect(isAcceptableUploadUrl('ftp://files.example/x', page)).toBe(false);
  });
});

describe('carImageProblem', () => {
  it('allows JPG, PNG and WebP up to 10 MB', () => {
    expect(carImageProblem({ type: 'image/webp', size: 10_485_760 })).toBeNull();
    expect(carImageProblem({ type: 'image/jpeg', size: 2000 })).toBeNull();
  });

  it('refuses other types, larger and empty files with the server’s messages', () => {
    expect(carImageProblem({ type: 'application/pdf', size: 2000 })).toBe('Car images must be JPG, PNG or WebP files');
    expect(carImageProblem({ type: 'image/gif', size: 2000 })).toBe('Car images must be JPG, PNG or WebP files');
    expect(carImageProblem({ type: 'image/png', size: 10_485_761 })).toBe('Car images must be at most 10 MB');
    expect(carImageProblem({ type: 'image/png', size: 0 })).toBe('The file is empty');
  });
});

describe('carChoiceLabel', () => {
  it('names a car staff may book with its rate, and says so of one out of service', () => {
    expect(carChoiceLabel({ name: 'Toyota Vios 1.3 XLE', dailyRate: '1800.00', available: true })).toBe('Toyota Vios 1.3 XLE (₱1,800/day)');
    expect(carChoiceLabel({ name: 'Honda City 1.5 V', dailyRate: '2000.00', available: false })).toBe('Honda City 1.5 V (₱2,000/day) · out of service');
  });
});

describe('describeAuditEntry', () => {
  it('says what changed on an update', () => {
    expect(
      describeAuditEntry({
        action: 'booking.status',
        entityType: 'booking',
        before: { reference: 'HI-4F8K2P', customerName: 'Ana Cruz', status: 'pending', balance: '1.00' },
        after: { reference: 'HI-4F8K2P', customerName: 'Ana Cruz', status: 'confirmed', balance: '2.00' },
      }),
      // A booking is named by its reference as well: one renter may have several.
    ).toBe('Changed status of booking HI-4F8K2P for Ana Cruz: pending → confirmed');
    expect(
      describeAuditEntry({ action: 'car.update', entityType: 'car', before: { name: 'Toyota Vios', dailyRate: '1800.00' }, after: { name: 'Toyota Vios', dailyRate: '1950.00' } }),
    ).toBe('Updated car Toyota Vios: daily rate ₱1,800 → ₱1,950');
    // A corrected address names the address alone: the customer record, the hold and the proof follow from it.
    expect(
      describeAuditEntry({
        action: 'booking.renter_email',
        entityType: 'booking',
        before: { customerName: 'Ana Cruz', customerEmail: 'ana@gmial.com', customerId: 'a', holdUntil: '2026-12-01T00:00:00.000Z' },
        after: { customerName: 'Ana Cruz', customerEmail: 'ana@gmail.com', customerId: 'b', holdUntil: null },
      }),
    ).toBe('Corrected the renter’s e-mail address of booking for Ana Cruz: e-mail ana@gmial.com → ana@gmail.com');
  });

  it('names what matters first, in the forms’ words, with pesos, dates and times as the dashboard writes them', () => {
    // A move: its dates, not the re-priced figures stored before them.
    expect(
      describeAuditEntry({
        action: 'booking.dates',
        entityType: 'booking',
        before: { customerName: 'Ana Cruz', subtotal: '6000.00', total: '6500.00', totalDays: 3, pickupDate: '2026-12-05', returnDate: '2026-12-08' },
        after: { customerName: 'Ana Cruz', subtotal: '8000.00', total: '8500.00', totalDays: 4, pickupDate: '2026-12-05', returnDate: '2026-12-09' },
      }),
    ).toBe('Changed dates of booking for Ana Cruz: return Dec 8, 2026 → Dec 9, 2026, total ₱6,500 → ₱8,500, days 3 → 4 (+1 more)');
    // A car edit: its rate before its pictures; a hold's end in Manila's time.
    expect(
      describeAuditEntry({ action: 'car.update', entityType: 'car', before: { name: 'Vios', images: ['a.jpg'], dailyRate: '2200.00' }, after: { name: 'Vios', images: ['a.jpg', 'b.jpg'], dailyRate: '2300.00' } }),
    ).toBe('Updated car Vios: daily rate ₱2,200 → ₱2,300, pictures 1 → 2');
    expect(
      describeAuditEntry({ action: 'booking.status', entityType: 'booking', before: { customerName: 'Ana Cruz', holdUntil: '2026-11-28T14:24:52.092Z', available: true }, after: { customerName: 'Ana Cruz', holdUntil: null, available: false } }),
    ).toBe('Changed status of booking for Ana Cruz: available yes → no, hold Nov 28, 2026, 10:24 PM → —');
  });

  it('says a cancellation as the status it is, without the stored time and canceller (the entry has both)', () => {
    expect(
      describeAuditEntry({
        action: 'booking.status',
        entityType: 'booking',
        before: { customerName: 'Gina Padilla', status: 'confirmed', cancelledAt: null, cancelledBy: null },
        after: { customerName: 'Gina Padilla', status: 'cancelled', cancelledAt: '2026-11-27T19:45:58.000Z', cancelledBy: 'staff' },
      }),
    ).toBe('Changed status of booking for Gina Padilla: confirmed → cancelled');
    expect(
      describeAuditEntry({
        action: 'booking.status',
        entityType: 'booking',
        before: { customerName: 'Gina Padilla', status: 'cancelled', cancelledAt: '2026-11-27T19:45:58.000Z', cancelledBy: 'staff' },
        after: { customerName: 'Gina Padilla', status: 'confirmed', cancelledAt: null, cancelledBy: null },
      }),
    ).toBe('Changed status of booking for Gina Padilla: cancelled → confirmed');
    // Cancelled by its renter through their link: the link proved the address, as the entry's actor says.
    expect(
      describeAuditEntry({
        action: 'booking.status',
        entityType: 'booking',
        before: { customerName: 'Dante Villanueva', status: 'confirmed', emailProven: false, cancelledAt: null, cancelledBy: null },
        after: { customerName: 'Dante Villanueva', status: 'cancelled', emailProven: true, cancelledAt: '2026-11-27T20:03:00.000Z', cancelledBy: 'renter' },
      }),
    ).toBe('Changed status of booking for Dante Villanueva: confirmed → cancelled');
  });

  it('says the renter’s own steps and document requests in words, not field names or file addresses', () => {
    // Opening the link proves the address and stops the hold; the status stays what it was.
    const whose = { reference: 'HI-7K2M9Q', customerName: 'Maria Santos' };
    expect(
      describeAuditEntry({
        action: 'booking.email_proven',
        entityType: 'booking',
        before: { ...whose, emailProven: false, holdUntil: '2026-11-29T06:30:00.000Z' },
        after: { ...whose, emailProven: true, holdUntil: null },
      }),
    ).toBe('Proved the e-mail address of booking HI-7K2M9Q for Maria Santos: hold Nov 29, 2026, 2:30 PM → —');
    // An entry from before the entries named their booking.
    expect(describeAuditEntry({ action: 'booking.email_proven', entityType: 'booking', before: { emailProven: false }, after: { emailProven: true } })).toBe(
      'Proved the e-mail address of booking',
    );
    expect(
      describeAuditEntry({
        action: 'booking.document',
        entityType: 'booking',
        before: { customerName: 'Ana Cruz', photoId1Url: '/objects/private/a' },
        after: { customerName: 'Ana Cruz', photoId1Url: '/objects/private/b' },
      }),
    ).toBe('Sent a new document for booking for Ana Cruz');
    expect(
      describeAuditEntry({
        action: 'booking.document_request',
        entityType: 'booking',
        before: { customerName: 'Ana Cruz', requestedDocument: null },
        after: { customerName: 'Ana Cruz', requestedDocument: 'photoId1' },
      }),
    ).toBe('Asked for a new document for booking for Ana Cruz');
    expect(
      describeAuditEntry({ action: 'customer.apply_booking', entityType: 'customer', before: { fullName: 'Ana Cruz', phone: '0917 111 2222' }, after: { fullName: 'Ana Cruz', phone: '0917 333 4444' } }),
    ).toBe("Copied a booking's details to customer Ana Cruz: phone 0917 111 2222 → 0917 333 4444");
  });

  it('names what was added or removed', () => {
    expect(describeAuditEntry({ action: 'car.create', entityType: 'car', before: null, after: { name: 'Toyota Vios' } })).toBe('Added car Toyota Vios');
    expect(describeAuditEntry({ action: 'customer.delete', entityType: 'customer', before: { fullName: 'Ana Cruz' }, after: null })).toBe('Deleted customer Ana Cruz');
    expect(describeAuditEntry({ action: 'blocked_name.create', entityType: 'blocked_name', before: null, after: { fullName: 'Juan Dela Cruz' } })).toBe('Blocked Juan Dela Cruz');
    expect(describeAuditEntry({ action: 'blocked_name.delete', entityType: 'blocked_name', before: { fullName: 'Juan Dela Cruz' }, after: null })).toBe('Unblocked Juan Dela Cruz');
  });

  it('says how many bookings, and what was paid on them, went with a deleted customer', () => {
    const bookings = [{ amountPaid: '3000.00' }, { amountPaid: '500.50' }];
    expect(describeAuditEntry({ action: 'customer.delete', entityType: 'customer', before: { fullName: 'Ana Cruz', bookings }, after: null })).toBe(
      'Deleted customer Ana Cruz with 2 bookings (₱3,500.50 paid)',
    );
    expect(describeAuditEntry({ action: 'customer.delete', entityType: 'customer', before: { fullName: 'Ana Cruz', bookings: [{ amountPaid: '0.00' }] }, after: null })).toBe(
      'Deleted customer Ana Cruz with 1 booking (₱0 paid)',
    );
  });

  it('says what an erasure kept, naming no one, and that a customer without bookings was removed', () => {
    const erasedAt = '2026-11-27T01:00:00.000Z';
    expect(describeAuditEntry({ action: 'customer.erase', entityType: 'customer', before: { bookingsKept: 2 }, after: { erasedAt } })).toBe(
      "Erased a customer's personal data (2 bookings kept)",
    );
    expect(describeAuditEntry({ action: 'customer.erase', entityType: 'customer', before: { bookingsKept: 1 }, after: { erasedAt } })).toBe(
      "Erased a customer's personal data (1 booking kept)",
    );
    expect(describeAuditEntry({ action: 'customer.erase', entityType: 'customer', before: { bookingsKept: 0 }, after: null })).toBe('Erased a customer (no bookings; record removed)');
  });

  it('gives a payment’s amount and method', () => {
    expect(describeAuditEntry({ action: 'payment.create', entityType: 'payment', before: { amountPaid: '0.00' }, after: { amount: '1500.00', method: 'gcash' } })).toBe(
      'Recorded payment of ₱1,500 (GCash)',
    );
  });

  it('names the booking a payment was for, and what was paid on it before and after', () => {
    expect(
      describeAuditEntry({
        action: 'payment.create',
        entityType: 'payment',
        before: { amountPaid: '1000.00' },
        after: { amount: '1500.50', method: 'cash', reference: 'HI-7K3QPX', customerName: 'Ana Cruz', amountPaid: '2500.50' },
      }),
    ).toBe('Recorded payment of ₱1,500.50 (Cash) for Ana Cruz, HI-7K3QPX: paid ₱1,000 → ₱2,500.50');
    expect(
      describeAuditEntry({
        action: 'payment.refund',
        entityType: 'payment',
        before: { amountPaid: '2000.00' },
        after: { kind: 'refund', amount: '500.00', method: 'gcash', customerName: 'Ana Cruz', reference: 'HI-7K3QPX', amountPaid: '1500.00' },
      }),
    ).toBe('Recorded refund of ₱500 (GCash) for Ana Cruz, HI-7K3QPX: paid ₱2,000 → ₱1,500');
  });

  it('says which entry was voided, of which kind, and why', () => {
    const voided = (kind: 'payment' | 'refund') =>
      describeAuditEntry({
        action: 'payment.void',
        entityType: 'payment',
        before: { amountPaid: '5500.00' },
        after: { kind, amount: '5000.00', method: 'cash', customerName: 'Ana Cruz', reference: 'HI-7K3QPX', amountPaid: '500.00', voidReason: 'Typed 5000 for 500' },
      });
    expect(voided('payment')).toBe('Voided payment of ₱5,000 (Cash) for Ana Cruz, HI-7K3QPX: paid ₱5,500 → ₱500 (Typed 5000 for 500)');
    expect(voided('refund')).toBe('Voided refund of ₱5,000 (Cash) for Ana Cruz, HI-7K3QPX: paid ₱5,500 → ₱500 (Typed 5000 for 500)');
  });
});
