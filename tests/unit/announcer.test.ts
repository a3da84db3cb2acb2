import { describe, expect, it, vi } from 'vitest';
import { Announcer, CHANNELS, decodeSubjects, encodeSubjects, type Channel } from '../../src/server/infra/change-feed';

/** A sender whose notices finish only when the test says so. */
function controlledSender() {
  const sent: Channel[] = [];
  const payloads: string[] = [];
  const finish: Array<(error?: Error) => void> = [];
  const send = (channel: Channel, payload: string) =>
    new Promise<void>((resolve, reject) => {
      sent.push(channel);
      payloads.push(payload);
      finish.push((error) => (error ? reject(error) : resolve()));
    });
  return { sent, payloads, finish, send };
}

/**
 * Lets every promise callback already queued run (a macrotask turn comes after all microtasks):
 * only to show that something did not happen. What must happen is awaited with vi.waitFor.
 */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** The announcer acts within a few promise callbacks: checked every millisecond, for at most a second. */
const soon = { interval: 1, timeout: 1000 };

describe('Announcer (NOTIFY after commit, coalesced)', () => {
  it('sends one notice for calls made together, and one more, after it, for calls made while it was in flight', async () => {
    const { sent, finish, send } = controlledSender();
    const announcer = new Announcer(send);
    const first = [announcer.announce(CHANNELS.bookings), announcer.announce(CHANNELS.bookings)];
    await vi.waitFor(() => expect(sent).toEqual([CHANNELS.bookings]), soon);

    // Made after the first notice started: it must not count as told by it.
    let laterDone = false;
    const later = [announcer.announce(CHANNELS.bookings), announcer.announce(CHANNELS.bookings)];
    void Promise.all(later).then(() => (laterDone = true));
    await settled();
    expect(sent).toHaveLength(1);

    finish[0]!();
    await Promise.all(first);
    await vi.waitFor(() => expect(sent).toEqual([CHANNELS.bookings, CHANNELS.bookings]), soon);
    expect(laterDone).toBe(false);
    finish[1]!();
    await Promise.all(later);
    expect(sent).toHaveLength(2);
  });

  it('keeps channels apart', async () => {
    const { sent, finish, send } = controlledSender();
    const announcer = new Announcer(send);
    const both = [announcer.announce(CHANNELS.bookings), announcer.announce(CHANNELS.fleet)];
    await vi.waitFor(() => expect([...sent].sort()).toEqual([CHANNELS.bookings, CHANNELS.fleet].sort()), soon);
    finish.forEach((done) => done());
    await Promise.all(both);
  });

  it('settles without throwing when a notice fails, and the next call sends again', async () => {
    const { sent, finish, send } = controlledSender();
    const announcer = new Announcer(send);
    const failing = announcer.announce(CHANNELS.bookings);
    await vi.waitFor(() => expect(finish).toHaveLength(1), soon);
    finish[0]!(new Error('connection lost'));
    await expect(failing).resolves.toBeUndefined();
    const again = announcer.announce(CHANNELS.bookings);
    await vi.waitFor(() => expect(sent).toHaveLength(2), soon);
    finish[1]!();
    await again;
  });

  it('names in the shared notice every car its calls named, or none ("anything") once one call named none', async () => {
    const { payloads, finish, send } = controlledSender();
    const announcer = new Announcer(send);
    const first = [announcer.announce(CHANNELS.bookings, ['car-a']), announcer.announce(CHANNELS.bookings, ['car-b', 'car-a'])];
    // The second batch is made once the first notice is in flight, so it goes into the next one.
    await vi.waitFor(() => expect(payloads).toHaveLength(1), soon);
    const second = [announcer.announce(CHANNELS.bookings, ['car-c']), announcer.announce(CHANNELS.bookings, null), announcer.announce(CHANNELS.bookings, ['car-d'])];
    finish[0]!();
    await Promise.all(first);
    await vi.waitFor(() => expect(finish).toHaveLength(2), soon);
    finish[1]!();
    await Promise.all(second);
    expect(payloads).toEqual(['car-a,car-b', '']);
    expect(decodeSubjects(payloads[0])).toEqual(['car-a', 'car-b']);
    expect(decodeSubjects('')).toBeNull();
  });

  it('sends "anything" rather than a payload PostgreSQL would refuse', () => {
    const many = Array.from({ length: 400 }, (_, i) => `0b7e9a51-3c0d-4f3e-8f0e-${String(i).padStart(12, '0')}`);
    expect(encodeSubjects(many)).toBe('');
    expect(encodeSubjects(many.slice(0, 100)).split(',')).toHaveLength(100);
  });
});
