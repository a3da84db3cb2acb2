import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { AppEnv } from '../http/variables';
import { blocklistRoutes } from './blocklist.rest';
import { bookingRoutes } from './bookings.rest';
import { carRoutes } from './cars.rest';
import { customerRoutes } from './customers.rest';
import { miscRoutes } from './misc.rest';
import { myBookingRoutes } from './myBooking.rest';
import { docsPage, openApiDocument } from './openapi';
import { readInput, routeAccess, type RestRoute } from './route';
import { staffRoutes } from './staff.rest';
import { authorize } from '../auth/access';

export const restRoutes: RestRoute[] = [...carRoutes, ...bookingRoutes, ...myBookingRoutes, ...customerRoutes, ...blocklistRoutes, ...miscRoutes, ...staffRoutes];

/**
 * The REST adapters: each documented path validates with the shared schemas and calls the same
 * service as its tRPC procedure.
 */
export function restApp(version: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const route of restRoutes) {
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(route.method.toUpperCase(), honoPath, async (c) => {
      if (route.rateLimit) await c.get('deps').limiter.hit(route.rateLimit, c.get('request').ip);
      authorize(routeAccess(route.auth), { actor: c.get('actor'), session: c.get('session') });
      const input = await readInput(c, route);
      const result = await route.handler(c, input);
      return result instanceof Response ? result : c.json(result as object, route.response.status as 200);
    });
  }

  let cached: { doc: ReturnType<typeof openApiDocument>; html: string } | null = null;
  const document = (title: string) => {
    if (!cached) {
      const doc = openApiDocument(restRoutes, { title, version });
      cached = { doc, html: docsPage(doc) };
    }
    return cached;
  };
  app.get('/api/openapi.json', (c) => c.json(document(`${c.get('deps').business.name} API`).doc));
  app.get('/api/docs', (c) => c.html(document(`${c.get('deps').business.name} API`).html));
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', messages.errors.notFound);
  });
  return app;
}
