import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { TEST_ADMIN_PASSWORD, createHarness, type Harness } from '../utils/harness';
import { availableCar, call, expectUnchangedBy, renter, signIn } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { RATE_LIMITS: 'bookings=2/10m,contact=1/10m,nameCheck=3/1m,login=2/10m' } });
});
afterAll(() => h.close());

describe('per-address limits on public writes (RATE_LIMITS)', () => {
  it('answers 429 with Retry-After once an address passes its booking limit, storing nothing', async () => {
    const car = await availableCar(h, 0);
    for (const offset of [10, 20]) {
      const payload = bookingPayload(car.id, await uploadDocuments(h), { customer: renter('limits'), booking: { pickupDate: daysFromToday(offset), returnDate: daysFromToday(offset + 1) } });
      expect((await call(h, 'POST', '/api/bookings', payload)).status).toBe(201);
    }
    const third = bookingPayload(car.id, await uploadDocuments(h), { customer: renter('limits'), booking: { pickupDate: daysFromToday(30), returnDate: daysFromToday(31) } });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', third);
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ message: expect.any(String) });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    });
    // other paths keep their own counts: reading the fleet is not limited
    expect((await call(h, 'GET', '/api/cars')).status).toBe(200);
  });

  it('limits enquiries and name checks per address as configured', async () => {
    const message = { firstName: 'Rita', lastName: 'Limit', email: 'rita@example.com', message: 'First message' };
    expect((await call(h, 'POST', '/api/contact', message)).status).toBe(201);
    await expectUnchangedBy(h, async () => {
      const second = await call(h, 'POST', '/api/contact', { ...message, message: 'Second message' });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).not.toBeNull();
    });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(h, 'GET', `/api/blocked-names/check?name=Name${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-ins per address with the "login" limit, right password or not, over REST and tRPC alike', async () => {
    expect((await signIn(h)).answer.status).toBe(200);
    expect((await signIn(h)).answer.status).toBe(200);
    const third = await signIn(h);
    expect(third.answer.status).toBe(429);
    expect(third.setCookie).toBeNull();
    expect(Number(third.answer.headers.get('retry-after'))).toBeGreaterThan(0);

    const caller = h.caller({ ip: '198.51.100.9' });
    await caller.admin.login({ password: TEST_ADMIN_PASSWORD });
    await caller.admin.login({ password: TEST_ADMIN_PASSWORD });
    await expect(caller.admin.login({ password: TEST_ADMIN_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
