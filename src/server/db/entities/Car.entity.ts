import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CAR_CATEGORIES, FUELS, TRANSMISSIONS } from '../../../shared/schemas/car.schema';
import { clock } from '../../clock';

export const Car = defineEntity({
  name: 'Car',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** The car page's address, /cars/<slug>: from the name, unique, and renewed when the name changes. */
    slug: p.string().length(80).unique(),
    /** Slugs the car had before a rename: their pages redirect to the current one. */
    previousSlugs: p.array().defaultRaw(`'{}'`),
    name: p.string().length(120),
    category: p.enum([...CAR_CATEGORIES]).nativeEnumName('car_category'),
    dailyRate: p.decimal('string').precision(12).scale(2),
    /** The refundable security deposit collected at pick-up (never online); 0: none of its own, the garage's applies (depositFor). */
    deposit: p.decimal('string').precision(12).scale(2).defaultRaw('0.00'),
    seats: p.integer(),
    transmission: p.enum([...TRANSMISSIONS]).nativeEnumName('car_transmission'),
    fuel: p.enum([...FUELS]).nativeEnumName('car_fuel'),
    /** Pictures in order, the first the cover: /objects/public/... paths or bundled picture names. */
    images: p.array(),
    description: p.text().default(''),
    /** The description in Filipino, for the /fil pages; empty: they show `description`. */
    descriptionFil: p.text().default(''),
    /** The odometer reading, "18,400 km". */
    mileage: p.string().length(60).default(''),
    year: p.integer(),
    plateNumber: p.string().length(20).default(''),
    available: p.boolean().default(true),
    /** Display order of the seeded fleet; new cars go last. */
    position: p.integer().default(1000),
    createdAt: p.datetime().onCreate(() => clock.now()),
    updatedAt: p.datetime().onCreate(() => clock.now()).onUpdate(() => clock.now()),
  },
});
export type ICar = InferEntity<typeof Car>;
