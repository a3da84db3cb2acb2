import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../utils/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('committed migrations', () => {
  it('bring a fresh database exactly to the schema the entities declare', async () => {
    expect(await h.orm.getMigrator().checkMigrationNeeded()).toBe(false);
    expect((await h.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });

  it('create the exclusion constraint that keeps one car from being booked twice for a day', async () => {
    const rows = (await h.orm.em.fork().getConnection().execute(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'booking_no_overlap'`,
    )) as Array<{ definition: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.definition).toMatch(/EXCLUDE USING gist \(car_id WITH =, daterange\(pickup_date, return_date, '\[\]'::text\) WITH &&\) WHERE \(\(?status = ANY/);
    expect(rows[0]!.definition).toMatch(/pending/);
    expect(rows[0]!.definition).toMatch(/confirmed/);
  });
});
