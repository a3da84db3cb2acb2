import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ormConfig } from '../../src/server/db/config';
import { ensureDatabase, openOrm } from '../../src/server/db/orm';
import { mailboxKey } from '../../src/shared/names';
import { generateScaleData } from '../../scripts/seed-scale';
import { hashPassword } from '../../src/server/auth/password';
import { ensureOwner } from '../../src/server/services/staff.service';
import { createHarness, type Harness } from '../utils/harness';

/** A database of its own, migrated up to `migration` (inclusive): the state a migration after it meets. */
async function databaseMigratedTo(migration: string): Promise<MikroORM> {
  const url = `${inject('pgServerUrl')}/test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(url);
  const orm = await MikroORM.init(ormConfig(url, 2));
  await orm.getMigrator().up({ to: migration });
  return orm;
}

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

describe('the blocklist skeleton migration', () => {
  it('recomputes the key of the names already blocked, and merges those that turn out to be one entry', async () => {
    const orm = await databaseMigratedTo('Migration20261125060000_booking_follow_up');
    try {
      const migrator = orm.getMigrator();
      const connection = orm.em.fork().getConnection();
      // Rows as the previous version wrote them: the key ignored case, accents and spaces only.
      await connection.execute(`
        insert into blocked_name (id, full_name, normalized_name, reason, blocked_by, created_at) values
          ('00000000-0000-4000-8000-000000000001', 'Juan Dela Cruz', 'juan dela cruz', 'Unpaid damages', 'admin', '2026-01-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000002', 'Dela Cruz, Juan', 'dela cruz, juan', 'Same man', 'Liza', '2026-02-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000003', 'Maria Santos', 'maria santos', null, 'admin', '2026-03-01T00:00:00Z'),
          ('00000000-0000-4000-8000-000000000004', 'Mario Santos', 'mario santos', null, 'admin', '2026-03-02T00:00:00Z')`);
      await migrator.up();

      const rows = (await connection.execute(`select id, full_name, normalized_name from blocked_name order by id`)) as Array<{ id: string; full_name: string; normalized_name: string }>;
      expect(rows.map((row) => [row.full_name, row.normalized_name])).toEqual([
        ['Juan Dela Cruz', 'cruz dela juan'],
        ['Maria Santos', 'rnaria santos'],
        ['Mario Santos', 'rnario santos'],
      ]);
      const [entry] = (await connection.execute(`select actor, action, entity_id, before, after from audit_entry where entity_type = 'blocked_name'`)) as Array<Record<string, any>>;
      expect(entry).toMatchObject({
        actor: 'System',
        action: 'blocked_name.merge',
        entity_id: '00000000-0000-4000-8000-000000000002',
        before: { fullName: 'Dela Cruz, Juan', reason: 'Same man', blockedBy: 'Liza' },
        after: { id: '00000000-0000-4000-8000-000000000001', fullName: 'Juan Dela Cruz' },
      });
      expect(await migrator.checkMigrationNeeded()).toBe(false);

      // and back: the previous keys again
      await migrator.down({ to: 'Migration20261125060000_booking_follow_up' });
      const before = (await connection.execute(`select normalized_name from blocked_name order by id`)) as Array<{ normalized_name: string }>;
      expect(before.map((row) => row.normalized_name)).toEqual(['juan dela cruz', 'maria santos', 'mario santos']);
    } finally {
      await orm.close(true);
    }
  });
});

/**
 * A migration of the blocklist's skeleton: four names blocked with the keys the previous skeleton
 * wrote (the second one the first name spelled otherwise), the keys expected after it, and the
 * migration before it (`down` goes back there).
 */
interface SkeletonMigrationCase {
  what: string;
  previous: string;
  names: [string, string, string, string];
  previousKeys: [string, string, string, string];
  /** The keys of the first, third and fourth name after it (the second is merged into the first). */
  keys: [string, string, string];
}

const SKELETON_MIGRATIONS: SkeletonMigrationCase[] = [
  {
    // A Hangul filler removed, a Thai mark kept.
    what: 'blanks and marks',
    previous: 'Migration20261127020000_refunds',
    names: ['Juan Dela Cruz', 'Juan\u3164Dela Cruz', 'Pedro Sa\u0e47ntos', 'Maria Santos'],
    previousKeys: ['cruz dela juan', 'cruz juandela', 'pedro sa\u0e47ntos', 'rnaria santos'],
    keys: ['cruz dela juan', 'pedro santos', 'rnaria santos'],
  },
  {
    // An r with fishhook and an annotation anchor kept.
    what: 'Latin letters and format characters',
    previous: 'Migration20261127180000_payment_void',
    names: ['Pedro Penduko', 'Ped\u027eo Penduko', 'Juan Dela C\ufff9ruz', 'Maria Santos'],
    previousKeys: ['pedro penduko', 'ped\u027eo penduko', 'c\ufff9ruz dela juan', 'rnaria santos'],
    keys: ['pedro penduko', 'cruz dela juan', 'rnaria santos'],
  },
];

describe.each(SKELETON_MIGRATIONS)('the blocklist skeleton migration of $what', ({ previous, names, previousKeys, keys }) => {
  it('recomputes the keys that changed, merges names that turn out to be one entry, and goes back', async () => {
    const orm = await databaseMigratedTo(previous);
    try {
      const migrator = orm.getMigrator();
      const connection = orm.em.fork().getConnection();
      const blocked = names.map((name, i) => ({
        id: `00000000-0000-4000-8000-00000000000${i + 1}`,
        full_name: name,
        normalized_name: previousKeys[i],
        reason: ['Unpaid damages', 'Same man', null, null][i],
        blocked_by: i === 1 ? 'Liza' : 'admin',
        created_at: ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'][i],
      }));
      await connection.execute(
        `insert into blocked_name (id, full_name, normalized_name, reason, blocked_by, created_at)
         select id, full_name, normalized_name, reason, blocked_by, created_at from json_to_recordset(?::json)
           as v(id uuid, full_name text, normalized_name text, reason text, blocked_by text, created_at timestamptz)`,
        [JSON.stringify(blocked)],
      );
      await migrator.up();

      const rows = (await connection.execute(`select full_name, normalized_name from blocked_name order by id`)) as Array<{ full_name: string; normalized_name: string }>;
      expect(rows.map((row) => [row.full_name, row.normalized_name])).toEqual([
        [names[0], keys[0]],
        [names[2], keys[1]],
        [names[3], keys[2]],
      ]);
      const [entry] = (await connection.execute(`select actor, action, entity_id, before, after from audit_entry where entity_type = 'blocked_name'`)) as Array<Record<string, any>>;
      expect(entry).toMatchObject({
        actor: 'System',
        action: 'blocked_name.merge',
        entity_id: '00000000-0000-4000-8000-000000000002',
        before: { fullName: names[1], reason: 'Same man', blockedBy: 'Liza' },
        after: { id: '00000000-0000-4000-8000-000000000001', fullName: names[0] },
      });
      expect(await migrator.checkMigrationNeeded()).toBe(false);

      // and back: the previous keys again
      await migrator.down({ to: previous });
      const before = (await connection.execute(`select normalized_name from blocked_name order by id`)) as Array<{ normalized_name: string }>;
      expect(before.map((row) => row.normalized_name)).toEqual([previousKeys[0], previousKeys[2], previousKeys[3]]);
    } finally {
      await orm.close(true);
    }
  });
});

describe('the staff accounts migration', () => {
  it('makes the stored shared password the main owner\'s, keeps its sessions signed in as the owner, and goes back', async () => {
    const orm = await databaseMigratedTo('Migration20261125093000_rate_limits');
    try {
      const migrator = orm.getMigrator();
      const connection = orm.em.fork().getConnection();
      const hash = await hashPassword('the shared password');
      await connection.execute(`insert into app_setting (key, value, updated_at) values ('admin_password_hash', ?, now())`, [hash]);
      await connection.execute(`insert into admin_session (id, token_hash, created_at, last_seen_at, ended_at, ip, user_agent) values
        ('00000000-0000-4000-8000-0000000000a1', repeat('a', 64), now(), now(), null, '203.0.113.1', 'Firefox'),
        ('00000000-0000-4000-8000-0000000000a2', repeat('b', 64), now(), now(), now(), '203.0.113.2', null)`);
      await connection.execute(`insert into audit_entry (id, at, actor, action, entity_type, entity_id) values (gen_random_uuid(), now(), 'staff session 28c372e2', 'car.update', 'car', 'x')`);
      await migrator.up();

      const [owner] = (await connection.execute(`select id, name, email, role, main_owner, password_hash from staff_account`)) as Array<Record<string, any>>;
      expect(owner).toMatchObject({ name: 'Owner', email: '', role: 'owner', main_owner: true, password_hash: hash });
      expect(await connection.execute(`select * from app_setting where key = 'admin_password_hash'`)).toEqual([]);
      const sessions = (await connection.execute(`select id, account_id, ended_at from admin_session order by id`)) as Array<Record<string, any>>;
      expect(sessions.map((row) => row.account_id)).toEqual([owner!.id, owner!.id]);
      expect((await connection.execute(`select actor, actor_email from audit_entry`))[0]).toEqual({ actor: 'staff session 28c372e2', actor_email: null });

      // The next start fills in the owner's address and keeps the password.
      const started = await ensureOwner(orm.em.fork(), { ADMIN_EMAIL: 'owner@garage.example', ADMIN_PASSWORD: undefined }, 'garage@example.com');
      expect(started).toEqual({ generated: null, email: 'owner@garage.example' });
      const [after] = (await connection.execute(`select email, password_hash from staff_account`)) as Array<Record<string, any>>;
      expect(after).toEqual({ email: 'owner@garage.example', password_hash: hash });
      expect(await migrator.checkMigrationNeeded()).toBe(false);

      await migrator.down({ to: 'Migration20261125093000_rate_limits' });
      expect(await connection.execute(`select value from app_setting where key = 'admin_password_hash'`)).toEqual([{ value: hash }]);
      expect(((await connection.execute(`select count(*)::int as n from admin_session`)) as Array<{ n: number }>)[0]!.n).toBe(2);
    } finally {
      await orm.close(true);
    }
  });
});

describe('the car pages migration', () => {
  it("gives the bookings already there their mailbox's key, by the rules the server applies to new ones", async () => {
    const url = `${inject('pgServerUrl')}/test_${randomBytes(6).toString('hex')}`;
    const orm = await openOrm(url, 2);
    try {
      const connection = orm.em.fork().getConnection();
      await generateScaleData(connection, { bookings: 6, customers: 6, blockedNames: 0, auditEntries: 0 });
      const addresses = ['Juan.Dela.Cruz+rental@GMail.com', 'juandelacruz@googlemail.com', 'Ana+a+b@Example.PH', 'plain@example.com', 'ana.reyes@yahoo.com', 'MiXeD.Case@Sub.Example.org'];
      const ids = ((await connection.execute('select id from booking order by id')) as Array<{ id: string }>).map((row) => row.id);
      for (const [i, id] of ids.entries()) await connection.execute('update booking set renter_email = ? where id = ?', [addresses[i], id]);
      const migrator = orm.getMigrator();
      await migrator.down({ to: 'Migration20261126191500_booking_locale' });
      await migrator.up();
      const rows = (await connection.execute('select renter_email, renter_mailbox_key from booking order by id')) as Array<{ renter_email: string; renter_mailbox_key: string }>;
      expect(rows.map((row) => row.renter_mailbox_key)).toEqual(addresses.map(mailboxKey));
      expect(new Set(rows.slice(0, 2).map((row) => row.renter_mailbox_key)).size).toBe(1);
    } finally {
      await orm.close(true);
    }
  });

  it('gives the cars already there slugs, a picture list, a listed category (audited when it changed) and a deposit, and goes back', async () => {
    const orm = await databaseMigratedTo('Migration20261125093000_rate_limits');
    try {
      const migrator = orm.getMigrator();
      const connection = orm.em.fork().getConnection();
      const car = (n: number, name: string, category: string, image: string) =>
        `('00000000-0000-4000-8000-00000000000${n}', '${name}', '${category}', 1800, 5, 'Automatic', 'Gas', '${image}', 2024, ${n}, now(), now())`;
      await connection.execute(`
        insert into car (id, name, category, daily_rate, seats, transmission, fuel, image, year, position, created_at, updated_at) values
          ${car(1, 'Toyota Vios 1.3 XLE', 'compact sedan', 'vios.jpg')},
          ${car(2, 'Toyota Vios 1.3 XLE', 'Sedan', '/objects/public/00000000-0000-4000-8000-0000000000aa')},
          ${car(3, 'Ford Ranger Wildtrak', 'Pick-up', 'ranger.jpg')},
          ${car(4, 'Toyota Alphard', 'VIP van', 'alphard.jpg')},
          ${car(5, 'Kia Picanto', 'Hatch', '')},
          ${car(6, 'Golf Cart', 'Something else', 'cart.jpg')}`);
      await migrator.up();
      expect(await migrator.checkMigrationNeeded()).toBe(false);

      const rows = (await connection.execute(`select id, slug, category, images, deposit from car order by position`)) as Array<{ slug: string; category: string; images: string[]; deposit: string }>;
      expect(rows.map((row) => [row.slug, row.category, row.images, row.deposit])).toEqual([
        ['toyota-vios-1-3-xle', 'Compact Sedan', ['vios.jpg'], '3000.00'],
        ['toyota-vios-1-3-xle-2', 'Compact Sedan', ['/objects/public/00000000-0000-4000-8000-0000000000aa'], '3000.00'],
        ['ford-ranger-wildtrak', 'Pickup Truck', ['ranger.jpg'], '10000.00'],
        ['toyota-alphard', 'VIP Van', ['alphard.jpg'], '20000.00'],
        ['kia-picanto', 'Hatchback', [], '3000.00'],
        ['golf-cart', 'Other', ['cart.jpg'], '0.00'],
      ]);
      // Each car whose category changed says so in the activity log (a change of case is none).
      const audit = (await connection.execute(`select entity_id, before, after from audit_entry where entity_type = 'car' order by entity_id`)) as Array<{ entity_id: string; before: unknown; after: unknown }>;
      expect(audit.map((entry) => [entry.entity_id.slice(-1), entry.before, entry.after])).toEqual([
        ['2', { category: 'Sedan' }, { category: 'Compact Sedan' }],
        ['3', { category: 'Pick-up' }, { category: 'Pickup Truck' }],
        ['5', { category: 'Hatch' }, { category: 'Hatchback' }],
        ['6', { category: 'Something else' }, { category: 'Other' }],
      ]);

      // and back: the single picture and the free-text column again
      await migrator.down({ to: 'Migration20261125093000_rate_limits' });
      const before = (await connection.execute(`select image, category from car order by position`)) as Array<{ image: string; category: string }>;
      expect(before.map((row) => row.image)).toEqual(['vios.jpg', '/objects/public/00000000-0000-4000-8000-0000000000aa', 'ranger.jpg', 'alphard.jpg', '', 'cart.jpg']);
      expect(before[0]!.category).toBe('Compact Sedan');
    } finally {
      await orm.close(true);
    }
  });
});

describe('the customer updated_at migration', () => {
  it("brings each customer's updated_at up to their latest booking's, keeps it there after each booking write, and goes back", async () => {
    const url = `${inject('pgServerUrl')}/test_${randomBytes(6).toString('hex')}`;
    const orm = await openOrm(url, 2);
    try {
      const connection = orm.em.fork().getConnection();
      await generateScaleData(connection, { bookings: 8, customers: 4, blockedNames: 0, auditEntries: 0 });
      const migrator = orm.getMigrator();
      await migrator.down({ to: 'Migration20261128050000_booking_updated_at' });
      // As the records were before: a customer's stamp older than their bookings'.
      await connection.execute(`update customer set updated_at = '2026-01-01T00:00:00Z'`);
      await connection.execute(`update booking set updated_at = timestamptz '2026-02-01T00:00:00Z' + (hashtext(id::text) & 1023) * interval '1 minute'`);
      const latest = `select c.id, c.updated_at = max(b.updated_at) as latest from customer c join booking b on b.customer_id = c.id group by c.id order by c.id`;
      expect(((await connection.execute(latest)) as Array<{ latest: boolean }>).every((row) => !row.latest)).toBe(true);

      await migrator.up();
      const rows = (await connection.execute(latest)) as Array<{ id: string; latest: boolean }>;
      expect(rows).toHaveLength(4);
      expect(rows.every((row) => row.latest)).toBe(true);
      // A booking written later brings its customer along; a customer's own later stamp stays.
      const [booking] = (await connection.execute(`select id, customer_id from booking order by id limit 1`)) as Array<{ id: string; customer_id: string }>;
      await connection.execute(`update booking set updated_at = '2027-01-01T00:00:00Z' where id = ?`, [booking!.id]);
      const stamp = async () =>
        ((await connection.execute(`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as day from customer where id = ?`, [booking!.customer_id])) as Array<{ day: string }>)[0]!.day;
      expect(await stamp()).toBe('2027-01-01');
      await connection.execute(`update booking set updated_at = '2026-06-01T00:00:00Z' where id = ?`, [booking!.id]);
      expect(await stamp()).toBe('2027-01-01');

      await migrator.down({ to: 'Migration20261128050000_booking_updated_at' });
      await connection.execute(`update booking set updated_at = '2028-01-01T00:00:00Z' where id = ?`, [booking!.id]);
      expect(await stamp()).toBe('2027-01-01');
    } finally {
      await orm.close(true);
    }
  });
});
