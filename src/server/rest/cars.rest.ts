import { z } from 'zod';
import { ZBookedRangeSchema, ZCarListQuerySchema, ZCarSchema, ZCreateCarSchema, ZQuoteSchema, ZUpdateCarAnswerSchema, ZUpdateCarSchema, type TCar } from '../../shared/schemas/car.schema';
import { ZIdSchema } from '../../shared/schemas/common.schema';
import { entityTag } from '../http/etag';
import { bookedDatesExamples, carExamples, carListExamples } from './examples';
import { cachedAnswer } from '../http/middleware';
import { bookedDates, createCar, deleteCar, findCar, fleetSnapshot, searchCars, updateCar } from '../services/car.service';
import { ZDeletedSchema, ZIdParamsSchema, adminContext, defineRoute, serviceContext } from './route';

export const carRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/cars',
    anonymous: true,
    tag: 'Cars',
    summary: 'List the fleet, or the cars free on your dates',
    description:
      'Without search parameters: every car, available or not, in display order. The answer carries an `ETag`; send it back in `If-None-Match` to get `304 Not Modified` while the fleet is unchanged. ' +
      '`image` is the cover picture, the first of `images`; `imageUrl` and `imageUrls` say where to fetch them.\n\n' +
      'With `pickupDate` and `returnDate` (YYYY-MM-DD, Asia/Manila): the cars that can be booked and that no pending or confirmed booking holds on any day from pickup through return (both included, as for bookings), ' +
      'each with `quote` (what the range costs before any service: days, subtotal, the insurance, total). Optional filters: `seats` (at least), `transmission`, `category` (one or more, comma-separated); `sort` by `price` or `seats`. ' +
      'Any of these parameters asks for a search, which needs both dates: pickup today to 365 days ahead, return 1 to 90 days after it; anything else answers 400.',
    auth: 'public',
    query: ZCarListQuerySchema,
    response: {
      status: 200,
      schema: z.array(ZCarSchema.extend({ quote: ZQuoteSchema.optional().describe('Searches only: what the range costs') })),
      description: 'The cars (with a `quote` each when searching)',
      headers: { ETag: 'Changes whenever a car (or, for a search, its answer) does' },
    },
    errors: [503],
    examples: carListExamples,
    handler: async (c, { query }) => {
      if (query.pickupDate && query.returnDate) {
        const results = await searchCars(serviceContext(c), { ...query, pickupDate: query.pickupDate, returnDate: query.returnDate });
        const json = JSON.stringify(results);
        // Its own tag: 304 when If-None-Match names it (the answer is the same for everyone).
        return cachedAnswer(c, { body: json, etag: entityTag(json), headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'application/json' } });
      }
      const fleet = await fleetSnapshot(serviceContext(c));
      // 304 when If-None-Match names this tag.
      return cachedAnswer(c, { body: fleet.json, etag: fleet.etag, headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'application/json' } });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/cars/{idOrSlug}',
    anonymous: true,
    tag: 'Cars',
    summary: 'One car',
    description: 'A car of the fleet, available or not, by its id or by the slug of its page (`/cars/{slug}`); a slug it had before a rename finds it too.',
    auth: 'public',
    params: z.object({ idOrSlug: z.string().min(1).max(160).describe('The car\'s id, or its page\'s slug') }),
    response: { status: 200, schema: ZCarSchema, description: 'The car' },
    errors: [400, 404, 503],
    examples: carExamples,
    handler: (c, { params }) => findCar(serviceContext(c), params.idOrSlug),
  }),
  defineRoute({
    method: 'get',
    path: '/api/cars/{carId}/booked-dates',
    anonymous: true,
    tag: 'Cars',
    summary: 'Days a car is taken',
    description: 'The occupied ranges of pending and confirmed bookings from today on (Asia/Manila). Both ends are occupied days.',
    auth: 'public',
    params: z.object({ carId: ZIdSchema }),
    response: { status: 200, schema: z.array(ZBookedRangeSchema), description: 'Occupied ranges' },
    errors: [404, 503],
    examples: bookedDatesExamples,
    handler: (c, { params }) => bookedDates(serviceContext(c), params.carId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/cars',
    tag: 'Admin: cars',
    summary: 'Add a car',
    description:
      'Defaults: 5 seats, Automatic, Gas, available, this year, no deposit of its own. `dailyRate` is at most 1000000.00; `deposit` is the security deposit collected at pick-up (blank or 0: the garage\'s, `deposit` of GET /api/site, applies). ' +
      '`category` is one of the fixed list (any case). `mileage` is the odometer reading in km ("18400" is kept as "18,400 km"). ' +
      '`images` (at most 12, the first the cover) or the spec\'s single `image`: each an /objects/... path from an upload (a car-image upload, or one asked for without a kind, checked as a car image now) or a bundled picture name. ' +
      'The car gets a `slug` from its name: its page is /cars/{slug}.',
    auth: 'admin',
    body: ZCreateCarSchema,
    response: { status: 201, schema: ZCarSchema, description: 'The new car', location: { path: '/api/cars/{idOrSlug}', id: (car: TCar) => car.id } },
    errors: [503],
    handler: (c, { body }) => createCar(adminContext(c), body),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/cars/{id}',
    tag: 'Admin: cars',
    summary: 'Change a car',
    description:
      'Fields left out keep their value. `images` replaces the pictures (in order, the first the cover; pictures left out are released); the spec\'s `image` alone replaces the cover and keeps the others. ' +
      'A new name gives the car a new `slug`; its former page redirects to the new one. ' +
      'Taking a car out of service (`available: false`) stops new bookings only: the answer\'s `openBookings` names the bookings it still holds, for staff to move or cancel.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZUpdateCarSchema,
    response: { status: 200, schema: ZUpdateCarAnswerSchema, description: 'The changed car' },
    errors: [404, 503],
    handler: (c, { params, body }) => updateCar(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/cars/{id}',
    tag: 'Admin: cars',
    summary: 'Delete a car',
    description: 'Owner only (an owner account or the API token). Refused (409) while the car has pending or confirmed bookings that have not ended. Past bookings keep the car’s name.',
    auth: 'owner',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZDeletedSchema, description: 'Deleted' },
    errors: [404, 409, 503],
    handler: async (c, { params }) => {
      await deleteCar(adminContext(c), params.id);
      return { ok: true };
    },
  }),
];
