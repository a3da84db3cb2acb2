import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { messages } from '../../src/shared/messages';
import { takingDays } from '../../src/server/services/booking-change.service';
import { createHarness, type Harness } from '../utils/harness';
import { newCar, sessionsWaitingOnALock } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('takingDays', () => {
  it('answers a deadlock PostgreSQL breaks as the days being taken (409), and passes anything else on', async () => {
    // Two transactions lock two cars in opposite orders: PostgreSQL ends one of them as a deadlock,
    // as it does when two bookings for the same days find each other's new row at the same instant.
    const [one, two] = [await newCar(h), await newCar(h)];
    const [a, b] = [h.orm.em.fork(), h.orm.em.fork()];
    await a.begin();
    await b.begin();
    const lock = (em: typeof a, id: string) => em.execute('select id from car where id = ? for update', [id]);
    try {
      await lock(a, one.id);
      await lock(b, two.id);
      const first = takingDays(lock(a, two.id));
      await expect.poll(() => sessionsWaitingOnALock(h), { timeout: 10_000 }).toBe(1);
      const second = takingDays(lock(b, one.id));
      const outcomes = await Promise.allSettled([first, second]);
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toBeInstanceOf(AppError);
      expect(refused[0]!.reason).toMatchObject({ code: 'CONFLICT', message: messages.errors.datesTaken });
    } finally {
      await a.rollback().catch(() => undefined);
      await b.rollback().catch(() => undefined);
    }
    await expect(takingDays(h.orm.em.fork().execute('select * from no_such_table'))).rejects.not.toBeInstanceOf(AppError);
  });
});
