import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { MailMessage, RateLimitWindow } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { daysFromToday } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { availableCar, bookOk, call } from './helpers';

/**
 * What a stranger can make the public paths do to others: the per-address limits must count an
 * attacker's whole network, and "Find my booking" must not become a way to flood a renter's inbox.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { TRUST_PROXY: 'true', RATE_LIMITS: 'findBooking=2/10m,bookingLinks=3/24h' } });
});
afterEach(() => clock.reset());
afterAll(() => h.close());

const findFrom = (ip: string, body: { reference: string; email: string } = { reference: 'HI-7K3QPX', email: 'nobody@example.com' }) =>
  call(h, 'POST', '/api/bookings/find', body, { headers: { 'x-forwarded-for': ip } });

describe('per-address limits and IPv6', () => {
  it('counts the addresses of one IPv6 network (/56) as one caller, over REST and tRPC', async () => {
    expect((await findFrom('2001:db8:1:2::10')).status).toBe(202);
    expect((await findFrom('2001:db8:1:2a:ffff::1')).status).toBe(202);
    // The third address of the same /56, written out in full: over the limit of 2.
    const third = await findFrom('2001:0db8:0001:00ff:0000:0000:0000:0009');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // The next /56 is another caller.
    expect((await findFrom('2001:db8:1:100::1')).status).toBe(202);

    const find = (ip: string) => h.caller({ ip }).myBooking.find({ reference: 'HI-7K3QPX', email: 'nobody@example.com' });
    await find('2001:db8:9:1::1');
    await find('2001:db8:9:2::1');
    await expect(find('2001:db8:9:3::1')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('keeps every IPv4 caller of a dual-stack server (::ffff:a.b.c.d) on its own count, the same however the address is written', async () => {
    for (const ip of ['::ffff:203.0.113.1', '::ffff:203.0.113.2', '::ffff:203.0.113.3']) expect((await findFrom(ip)).status, ip).toBe(202);
    expect((await findFrom('203.0.113.1')).status).toBe(202);
    expect((await findFrom('::FFFF:203.0.113.1')).status).toBe(429);
  });
});

describe('"Find my booking" cannot flood a renter’s inbox', () => {
  /** The link e-mails sent to any of `addresses`. */
  async function linkMails(addresses: string[]): Promise<number> {
    return h.orm.em.fork().count(MailMessage, { to: { $in: addresses }, kind: 'booking.link' });
  }

  /** Look-ups run after the answer: wait until `calls` of them have counted against a mailbox's link limit. */
  async function lookupsCounted(calls: number): Promise<void> {
    await vi.waitFor(
      async () => {
        const windows = await h.orm.em.fork().find(RateLimitWindow, { name: 'bookingLinks' });
        expect(windows.reduce((sum, window) => sum + window.hits, 0)).toBe(calls);
      },
      { timeout: 10_000 },
    );
  }

  it('e-mails the links of one mailbox a few times a day, whatever the bookings, callers, windows or spelling of the address', async () => {
    // Someone books twice with the renter's address, spelled two ways Gmail delivers to one mailbox,
    // and learns both references from the answers.
    const tag = Math.random().toString(36).slice(2, 8);
    const addresses = [`rosa.cruz.${tag}@gmail.com`, `rosacruz${tag}+cars@googlemail.com`];
    const car = await availableCar(h, 0);
    const references: Array<{ reference: string; email: string }> = [];
    for (const [i, email] of addresses.entries()) {
      const answer = await bookOk(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(40 + 5 * i), returnDate: daysFromToday(41 + 5 * i) } });
      references.push({ reference: answer.booking.reference, email });
    }

    // Then asks for the links again and again, from fresh addresses, over three ten-minute windows.
    let calls = 0;
    for (let window = 0; window < 3; window += 1) {
      for (const [b, booking] of references.entries()) {
        for (let i = 0; i < 4; i += 1) {
          const answer = await findFrom(`198.51.${window}.${b * 10 + i}`, booking);
          expect(answer.status).toBe(202);
          expect(answer.body).toEqual({ message: messages.myBooking.findSent });
          calls += 1;
        }
      }
      await lookupsCounted(calls);
      clock.advance(11 * 60_000);
    }
    expect(await linkMails(addresses)).toBe(3);
  });
});
