import { describe, expect, it } from 'vitest';
import { cancellationState, refundDue } from '../../src/shared/cancellation';

// Pick-up on 10 March 2027 at 10:00 AM in Manila (UTC+8): 02:00 UTC.
const booking = { status: 'confirmed', pickupDate: '2027-03-10', pickupTime: '10:00 AM', amountPaid: '3000.01' };
const at = (iso: string) => new Date(iso);

describe('the terms’ cancellation rule', () => {
  it('lets the renter cancel online until 24 hours before pick-up (Manila time)', () => {
    expect(cancellationState(booking, at('2027-03-09T01:59:59Z'))).toEqual({ canCancel: true, freeUntil: '2027-03-09T02:00:00.000Z' });
    expect(cancellationState(booking, at('2027-03-09T02:00:00Z')).canCancel).toBe(false);
    expect(cancellationState({ ...booking, status: 'cancelled' }, at('2027-03-01T00:00:00Z')).canCancel).toBe(false);
  });

  it('gives back all that was paid until 24 hours before pick-up, half (rounded down to the centavo) until pick-up, nothing after', () => {
    expect(refundDue(booking, at('2027-03-09T01:59:59Z'))).toBe('3000.01');
    expect(refundDue(booking, at('2027-03-09T02:00:00Z'))).toBe('1500.00');
    expect(refundDue(booking, at('2027-03-10T01:59:59Z'))).toBe('1500.00');
    expect(refundDue(booking, at('2027-03-10T02:00:00Z'))).toBe('0.00');
    expect(refundDue({ ...booking, amountPaid: '0.00' }, at('2027-03-01T00:00:00Z'))).toBe('0.00');
  });
});
