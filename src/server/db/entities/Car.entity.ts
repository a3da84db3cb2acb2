import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FUELS, TRANSMISSIONS } from '../../../shared/schemas/car.schema';

export const Car = defineEntity({
  name: 'Car',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(120),
    category: p.string().length(60),
    dailyRate: p.decimal('string').precision(12).scale(2),
    seats: p.integer(),
    transmission: p.enum([...TRANSMISSIONS]).nativeEnumName('car_transmission'),
    fuel: p.enum([...FUELS]).nativeEnumName('car_fuel'),
    image: p.string().length(300),
    description: p.text().default(''),
    mileage: p.string().length(60).default(''),
    year: p.integer(),
    plateNumber: p.string().length(20).default(''),
    available: p.boolean().default(true),
    /** Display order of the seeded fleet; new cars go last. */
    position: p.integer().default(1000),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ICar = InferEntity<typeof Car>;
