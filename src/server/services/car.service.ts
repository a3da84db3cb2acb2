import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { RANGE_PROBLEMS, rangeProblem } from '../../shared/calendar';
import { matchesFilters, sortCars } from '../../shared/carSearch';
import { rentalQuote } from '../../shared/pricing';
import type { TBookedRange, TCar, TCarSearch, TCarSearchResult, TCreateCar, TOpenBookingOfCar, TUpdateCar, TUpdateCarAnswer } from '../../shared/schemas/car.schema';
import { freeSlug } from '../../shared/slug';
import { OCCUPYING_STATUSES, isOccupying } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { Booking, Car, type IBooking, type ICar } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { carImageSrc } from '../../shared/carImages';
import { audit, auditEdit } from './audit.service';
import { announce, CHANNELS } from '../infra/change-feed';
import type { FleetData, FleetSnapshot } from '../infra/fleet.cache';
import { attachUploads, planUploads, releaseUploads } from './upload.service';

export function toCarDto(car: ICar): TCar {
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    category: car.category,
    dailyRate: car.dailyRate,
    deposit: car.deposit,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    image: car.images[0] ?? '',
    images: [...car.images],
    imageUrl: carImageSrc(car.images[0]),
    imageUrls: car.images.map(carImageSrc),
    description: car.description,
    descriptionFil: car.descriptionFil,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
  };
}

/** The fleet in display order, straight from the database (the fleet cache's loader). */
export async function loadFleet(em: EntityManager): Promise<FleetData> {
  const cars = await em.find(Car, {}, { orderBy: { position: 'asc', name: 'asc' } });
  const formerSlugs = new Map(cars.flatMap((car) => car.previousSlugs.map((slug) => [slug, car.slug] as const)));
  return { cars: cars.map(toCarDto), formerSlugs };
}

/** The fleet, from the cache that every car change clears (fleet.cache.ts). */
export function fleetSnapshot(ctx: ServiceContext): Promise<FleetSnapshot> {
  return ctx.deps.fleet.get();
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

/** A car of the fleet list by its id or its page's slug (a former slug finds the renamed car), or 404. */
export async function findCar(ctx: ServiceContext, idOrSlug: string): Promise<TCar> {
  const { cars, formerSlugs } = await fleetSnapshot(ctx);
  // Ids and slugs are stored in small letters; an id in capitals names the same car.
  const key = idOrSlug.toLowerCase();
  const slug = formerSlugs.get(key) ?? key;
  const car = cars.find((candidate) => candidate.id === key || candidate.slug === slug);
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  return car;
}

export async function getCar(ctx: ServiceContext, id: string): Promise<TCar> {
  const car = await ctx.em.findOne(Car, { id });
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  return toCarDto(car);
}

/** The cars free for the whole range, both days included: one statement, whatever the fleet's size. */
const FREE_CARS_SQL = `select c.id from car c
  where c.available and not exists (
    select 1 from booking b
    where b.car_id = c.id and b.status in (${OCCUPYING_STATUSES.map((status) => `'${status}'`).join(', ')})
      and daterange(b.pickup_date, b.return_date, '[]') && daterange(?::date, ?::date, '[]'))`;

/**
 * The date search: every car that can be booked and that no pending or confirmed booking holds on
 * any day from pickup through return (the days the exclusion constraint guards), matching the
 * filters, each with what the range costs by the shared pricing module, in the order asked for.
 * Availability is one query (the partial GiST index of the exclusion constraint serves each car's
 * check); the cars themselves come from the fleet cache.
 */
export async function searchCars(ctx: ServiceContext, input: TCarSearch): Promise<TCarSearchResult[]> {
  const problem = rangeProblem(input.pickupDate, input.returnDate, todayInManila(clock.now()));
  if (problem) {
    const { field, message } = RANGE_PROBLEMS[problem];
    throw new AppError('BAD_REQUEST', message, { issues: [{ path: field, message }] });
  }
  const fleet = await fleetSnapshot(ctx);
  const rows = await ctx.em.execute<Array<{ id: string }>>(FREE_CARS_SQL, [input.pickupDate, input.returnDate]);
  const free = new Set(rows.map((row) => row.id));
  const results = fleet.cars
    .filter((car) => car.available && free.has(car.id) && matchesFilters(car, input))
    .map((car) => ({ ...car, quote: rentalQuote(car.dailyRate, input.pickupDate, input.returnDate) }));
  return sortCars(results, input.sort);
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

/** How many former slugs a car keeps redirecting. */
const MAX_FORMER_SLUGS = 20;

/**
 * The slug `name` gives a car: its own form unless another car's current slug holds it, then with
 * a number. A slug another car held before a rename is taken over (current names win), and a car
 * may take back one of its own former slugs. Car changes are serialised by an advisory lock, so
 * two cars of one name cannot take the same slug at once.
 */
async function slugFor(em: EntityManager, name: string, carId: string): Promise<string> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', ['car-slugs']);
  const rows = await em.execute<Array<{ slug: string }>>('select slug from car where id <> ?', [carId]);
  const slug = freeSlug(name, new Set(rows.map((row) => row.slug)));
  await em.execute('update car set previous_slugs = array_remove(previous_slugs, ?) where id <> ? and ? = any(previous_slugs)', [slug, carId, slug]);
  return slug;
}

/**
 * The pictures to store: uploads not yet the car's are checked and sealed (uploads.attachUploads),
 * whether they were asked for as car images or without a kind (the spec's bare upload); the car's
 * own pictures and bundled picture names stay as they are. Pictures dropped are released.
 */
async function storeImages(tx: AdminContext, carId: string, images: readonly string[], current: readonly string[]): Promise<string[]> {
  const owner = `car:${carId}` as const;
  const plan = planUploads(
    images.filter((image) => image.startsWith('/objects/') && !current.includes(image)),
    'car-image',
  );
  if (plan.length) await attachUploads(tx, plan, 'car-image', owner);
  await releaseUploads(tx, owner, current.filter((image) => !images.includes(image)));
  const sealed = new Map(plan.map((step) => [step.from, step.to]));
  return images.map((image) => sealed.get(image) ?? image);
}

/** The pictures a change asks for: `images` as given, or the spec's `image` as the new cover of the others. */
function imagesAfter(input: TUpdateCar, current: readonly string[]): readonly string[] {
  if (input.images) return input.images;
  if (input.image === undefined || input.image === current[0]) return current;
  return [input.image, ...current.slice(1).filter((image) => image !== input.image)];
}

export async function createCar(ctx: AdminContext, input: TCreateCar): Promise<TCar> {
  return changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const id = randomUUID();
    const slug = await slugFor(em, input.name, id);
    const images = await storeImages(tx, id, input.images, []);
    const car = em.create(Car, { ...input, id, slug, previousSlugs: [], images, position: 1000, createdAt: clock.now(), updatedAt: clock.now() });
    audit(tx, 'car.create', 'car', car.id, null, toCarDto(car));
    await em.flush();
    return toCarDto(car);
  });
}

/** A car's bookings still to come or under way: pending or confirmed, returned today or later, by pick-up date. */
async function openBookingsOf(em: EntityManager, carId: string): Promise<TOpenBookingOfCar[]> {
  const bookings = await em.find(
    Booking,
    { car: carId, status: { $in: [...OCCUPYING_STATUSES] }, returnDate: { $gte: todayInManila(clock.now()) } },
    { fields: ['reference', 'renterName', 'pickupDate', 'returnDate', 'status'], orderBy: { pickupDate: 'asc', id: 'asc' } },
  );
  return bookings.map(({ id, reference, renterName, pickupDate, returnDate, status }) => ({ id, reference, renterName, pickupDate, returnDate, status: status as TOpenBookingOfCar['status'] }));
}

/**
 * Changes a car. Taking it out of service stops new bookings only: the answer names the bookings it
 * still holds, which stay as they are for staff to move or cancel.
 */
export async function updateCar(ctx: AdminContext, id: string, input: TUpdateCar): Promise<TUpdateCarAnswer> {
  return changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const car = await em.findOne(Car, { id });
    if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    const before = toCarDto(car);
    const { image: _cover, images: _images, ...changes } = input;
    const wanted = imagesAfter(input, car.images);
    const images = wanted === car.images ? car.images : await storeImages(tx, car.id, wanted, car.images);
    em.assign(car, { ...changes, images });
    if (input.name !== undefined && input.name !== before.name) {
      const slug = await slugFor(em, input.name, car.id);
      if (slug !== car.slug) {
        car.previousSlugs = [car.slug, ...car.previousSlugs.filter((former) => former !== slug && former !== car.slug)].slice(0, MAX_FORMER_SLUGS);
        car.slug = slug;
      }
    }
    auditEdit(tx, 'car.update', 'car', car.id, before, toCarDto(car));
    await em.flush();
    const takenOutOfService = before.available && !car.available;
    return takenOutOfService ? { ...toCarDto(car), openBookings: await openBookingsOf(em, car.id) } : toCarDto(car);
  });
}

/**
 * Deletes a car without bookings ahead. Its row is locked first: a booking of it that is being made
 * (its foreign key holds the row) is then counted here, or refused after (404); never left without
 * its car.
 */
export async function deleteCar(ctx: AdminContext, id: string): Promise<void> {
  await changeFleet(ctx, async (tx) => {
    const em = tx.em;
    const car = await em.findOne(Car, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    // Its bookings locked and read in one statement: one re-opened or moved meanwhile (those change
    // no car, so the car's lock does not stop them) has committed once this returns, and is read as
    // it committed.
    const bookings: Array<Pick<IBooking, 'status' | 'returnDate'>> = await em
      .createQueryBuilder(Booking)
      .select(['status', 'returnDate'])
      .where({ car: id })
      .orderBy({ id: 'asc' })
      .setLockMode(LockMode.PESSIMISTIC_WRITE)
      .execute('all');
    const today = todayInManila(clock.now());
    const active = bookings.filter((booking) => isOccupying(booking.status) && booking.returnDate >= today).length;
    if (active > 0) throw new AppError('CONFLICT', messages.errors.carHasBookings);
    await releaseUploads(tx, `car:${car.id}`, car.images);
    // Its past bookings keep its name and lose its id here rather than by the foreign key's
    // `set null`, so that their `updatedAt` says they changed.
    if (bookings.length) await em.nativeUpdate(Booking, { car: id }, { car: null, updatedAt: clock.now() });
    audit(tx, 'car.delete', 'car', car.id, toCarDto(car), null);
    em.remove(car);
    await em.flush();
  });
}
