import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { ZCreateCarSchema } from '../../../shared/schemas/car.schema';
import { freeSlug } from '../../../shared/slug';
import { AppSetting, Car } from '../entities';
import { FLEET } from './fleet';

const SEEDED_MARK = 'fleet_seeded_at';

/**
 * Fills an empty database with the fleet, once. A mark in `app_setting` remembers that it ran,
 * so a garage that later removes every car does not get the sample fleet back on restart.
 */
export class FleetSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    await em.transactional(async (tx) => {
      // Serialise concurrent starts of several instances on one database.
      await (tx as unknown as SqlEntityManager).execute('select pg_advisory_xact_lock(7201)');
      if (await tx.findOne(AppSetting, { key: SEEDED_MARK })) return;
      if ((await tx.count(Car)) === 0) {
        const slugs = new Set<string>();
        FLEET.forEach((seed, position) => {
          // Read as staff's input is, so the seeded values have the same form (amounts, odometer).
          const car = ZCreateCarSchema.parse(seed);
          const slug = freeSlug(car.name, slugs);
          slugs.add(slug);
          tx.create(Car, { ...car, slug, previousSlugs: [], position });
        });
      }
      tx.create(AppSetting, { key: SEEDED_MARK, value: new Date().toISOString() });
    });
  }
}
