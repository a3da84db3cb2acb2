import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import type { TBookedRange, TCar, TCreateCar, TUpdateCar } from '../../shared/schemas/car.schema';
import { OCCUPYING_STATUSES } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { Booking, Car, type ICar } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { audit } from './audit.service';
import { announce, CHANNELS } from '../infra/change-feed';
import type { FleetSnapshot } from '../infra/fleet.cache';
import { attachUpload, releaseUploads } from './upload.service';

export function toCarDto(car: ICar): TCar {
  return {
    id: car.id,
    name: car.name,
    category: car.category,
    dailyRate: car.dailyRate,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    image: car.image,
    description: car.description,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
  };
}

/** The fleet in display order, straight from the database (the fleet cache's loader). */
export async function loadFleet(em: EntityManager): Promise<TCar[]> {
  const cars = await em.find(Car, {}, { orderBy: { position: 'asc', name: 'asc' } });
  return cars.map(toCarDto);
}

/** The fleet, from the cache that every car change clears (fleet.cache.ts). */
export async function fleetSnapshot(ctx: ServiceContext): Promise<FleetSnapshot> {
  return ctx.deps.fleet.get(ctx.em);
}

export async function listCars(ctx: ServiceContext): Promise<TCar[]> {
  return (await fleetSnapshot(ctx)).cars;
}

/**
 * Runs a car change in a transaction that also tells every instance (NOTIFY, delivered only if the
 * transaction commits), then clears this instance's cache.
 */
async function changeFleet<T>(ctx: AdminContext, work: (tx: AdminContext) => Promise<T>): Promise<T> {
  const result = await ctx.em.transactional(async (em) => {
    const value = await work({ ...ctx, em });
    await announce(em, CHANNELS.fleet);
    return value;
  });
  ctx.deps.fleet.changed();
  ctx.deps.bookedDates.changed();
  return result;
}

export async function getCar(ctx: ServiceContext, id: string): Promise<TCar> {
  const car = await ctx.em.findOne(Car, { id });
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  return toCarDto(car);
}

/** The booked-dates query: a constant, so PostgreSQL sees one statement text (OCCUPYING_STATUSES are fixed words). */
const BOOKED_DATES_SQL = `select b.pickup_date::text as "start", b.return_date::text as "end"
  from car c
  left join booking b on b.car_id = c.id and b.status in (${OCCUPYING_STATUSES.map((status) => `'${status}'`).join(', ')}) and b.return_date >= ?
  where c.id = ?
  order by b.pickup_date`;

/**
 * The occupied ranges of a car from today on (pending and confirmed bookings, inclusive). The
 * booking calendar asks for it on every car it shows, so it comes from the booked-dates cache,
 * else from one query without entities: no row means no such car, one row without dates means no
 * bookings. The index on (car_id, return_date) serves it.
 */
export async function bookedDates(ctx: ServiceContext, carId: string): Promise<TBookedRange[]> {
  const today = todayInManila(clock.now());
  return ctx.deps.bookedDates.get(carId, today, async () => {
    const rows = await ctx.em.execute<Array<{ start: string | null; end: string | null }>>(BOOKED_DATES_SQL, [today, carId]);
    if (!rows.length) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    return rows.flatMap((row) => (row.start && row.end ? [{ start: row.start, end: row.end }] : []));
  });
}

export async function createCar(ctx: AdminContext, input: TCreateCar): Promise<TCar> {
  return changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const car = em.create(Car, { ...input, id: randomUUID(), position: 1000, createdAt: clock.now(), updatedAt: clock.now() });
    car.image = await attachUpload(tx, input.image, 'car-image', `car:${car.id}`);
    audit(tx, 'car.create', 'car', car.id, null, toCarDto(car));
    await em.flush();
    return toCarDto(car);
  });
}

export async function updateCar(ctx: AdminContext, id: string, input: TUpdateCar): Promise<TCar> {
  return changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const car = await em.findOne(Car, { id });
    if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    const before = toCarDto(car);
    const changes = { ...input };
    if (input.image !== undefined && input.image !== car.image) {
      changes.image = await attachUpload(tx, input.image, 'car-image', `car:${car.id}`);
      await releaseUploads(tx, `car:${car.id}`, [car.image]);
    }
    em.assign(car, changes);
    audit(tx, 'car.update', 'car', car.id, before, toCarDto(car));
    await em.flush();
    return toCarDto(car);
  });
}

export async function deleteCar(ctx: AdminContext, id: string): Promise<void> {
  await changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const car = await em.findOne(Car, { id });
    if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    const active = await em.count(Booking, {
      car: id,
      status: { $in: [...OCCUPYING_STATUSES] },
      returnDate: { $gte: todayInManila(clock.now()) },
    });
    if (active > 0) throw new AppError('CONFLICT', messages.errors.carHasBookings);
    await releaseUploads(tx, `car:${car.id}`, [car.image]);
    audit(tx, 'car.delete', 'car', car.id, toCarDto(car), null);
    em.remove(car);
    await em.flush();
  });
}
