import { z } from 'zod';
import { ZBookedRangeSchema, ZCarSchema, ZCreateCarSchema, ZUpdateCarSchema } from '../../shared/schemas/car.schema';
import { bookedDates, createCar, deleteCar, fleetSnapshot, updateCar } from '../services/car.service';
import { ZDeletedSchema, ZIdParamsSchema, adminContext, defineRoute, serviceContext } from './route';

export const carRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/cars',
    tag: 'Cars',
    summary: 'List the fleet',
    description:
      'Every car, available or not, in display order. The answer carries an `ETag`; send it back in `If-None-Match` to get `304 Not Modified` while the fleet is unchanged.',
    auth: 'public',
    response: { status: 200, schema: z.array(ZCarSchema), description: 'The cars', headers: { ETag: 'Changes whenever a car does' } },
    errors: [503],
    handler: async (c) => {
      const fleet = await fleetSnapshot(serviceContext(c));
      // Hono's etag middleware (app.ts) answers 304 when If-None-Match names this tag.
      return c.body(fleet.json, 200, { ETag: fleet.etag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json' });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/cars/{carId}/booked-dates',
    tag: 'Cars',
    summary: 'Days a car is taken',
    description: 'The occupied ranges of pending and confirmed bookings from today on (Asia/Manila). Both ends are occupied days.',
    auth: 'public',
    params: z.object({ carId: z.uuid() }),
    response: { status: 200, schema: z.array(ZBookedRangeSchema), description: 'Occupied ranges' },
    errors: [400, 404, 503],
    handler: (c, { params }) => bookedDates(serviceContext(c), params.carId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/cars',
    tag: 'Admin: cars',
    summary: 'Add a car',
    description:
      'Defaults: 5 seats, Automatic, Gas, available, this year. `dailyRate` is at most 1000000.00. `image` is an /objects/public/... path from a car-image upload, or a bundled picture name.',
    auth: 'admin',
    body: ZCreateCarSchema,
    response: { status: 201, schema: ZCarSchema, description: 'The new car' },
    errors: [400, 401, 415, 503],
    handler: (c, { body }) => createCar(adminContext(c), body),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/cars/{id}',
    tag: 'Admin: cars',
    summary: 'Change a car',
    description: 'Fields left out keep their value.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZUpdateCarSchema,
    response: { status: 200, schema: ZCarSchema, description: 'The changed car' },
    errors: [400, 401, 404, 415, 503],
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
    errors: [401, 403, 404, 409, 503],
    handler: async (c, { params }) => {
      await deleteCar(adminContext(c), params.id);
      return { ok: true };
    },
  }),
];
