import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { clock } from '../clock';
import type { AppEnv } from '../http/variables';
import { blocklistRoutes } from './blocklist.rest';
import { bookingRoutes } from './bookings.rest';
import { carRoutes } from './cars.rest';
import { customerRoutes } from './customers.rest';
import { miscRoutes } from './misc.rest';
import { myBookingRoutes } from './myBooking.rest';
import { docsPage, openApiDocument } from './openapi';
import { caller, locationOf, readInput, readJson, routeAccess, type RestRoute } from './route';
import { staffRoutes } from './staff.rest';
import { authorize } from '../auth/access';
import { VARY_LANGUAGE, completeAnswer, identify, requestMeta, sessionCookie } from '../http/middleware';

/** A public JSON answer: the same for everyone who asks in one language. */
const JSON_ANSWER = { 'Content-Type': 'application/json', ...VARY_LANGUAGE };

export const restRoutes: RestRoute[] = [...carRoutes, ...bookingRoutes, ...myBookingRoutes, ...customerRoutes, ...blocklistRoutes, ...miscRoutes, ...staffRoutes];

/**
 * The REST adapters: each documented path validates with the shared schemas and calls the same
 * service as its tRPC procedure.
 */
export function restApp(version: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const route of restRoutes) {
    if (route.anonymous && route.auth !== 'public') throw new Error(`${route.path}: only a public route can leave its callers unidentified`);
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(route.method.toUpperCase(), honoPath, async (c) => {
      if (route.rateLimit && !(route.sparesKnownDevices && sessionCookie(c).device)) await c.get('deps').limiter.hit(route.rateLimit, requestMeta(c).network);
      if (!route.anonymous) await identify(c);
      authorize(routeAccess(route.auth), caller(c));
      const input = readInput(c, route, route.body ? await readJson(c) : undefined);
      const result = await route.handler(c, input);
      if (result instanceof Response) return result;
      // An answer the same for everyone is made whole at once (it sets no cookie or header of its own).
      if (route.anonymous) return completeAnswer(c, route.response.status, JSON.stringify(result), JSON_ANSWER);
      if (route.response.location) c.header('Location', locationOf(route.response.location, result));
      return c.json(result as object, route.response.status as 200);
    });
  }

  // Made again each day (Asia/Manila): its examples' dates lie ahead of the day it is read.
  let cached: { day: string; doc: ReturnType<typeof openApiDocument>; html: string } | null = null;
  const document = (title: string) => {
    const day = todayInManila(clock.now());
    if (cached?.day !== day) {
      const doc = openApiDocument(restRoutes, { title, version });
      cached = { day, doc, html: docsPage(doc) };
    }
    return cached;
  };
  app.get('/api/openapi.json', (c) => c.json(document(`${c.get('deps').business.name} API`).doc));
  app.get('/api/docs', (c) => c.html(document(`${c.get('deps').business.name} API`).html));
  // A documented path asked with a method it does not take: 405, saying which it takes (`Allow`).
  const paths = [...restRoutes.map((route) => ({ path: route.path, method: route.method.toUpperCase() })), { path: '/api/openapi.json', method: 'GET' }, { path: '/api/docs', method: 'GET' }];
  const methodsOf = pathMethods(paths);
  app.all('/api/*', (c) => {
    const allowed = methodsOf(c.req.path);
    if (!allowed.length) throw new AppError('NOT_FOUND', messages.errors.notFound);
    return c.json({ message: messages.errors.methodNotAllowed({ method: c.req.method, allowed: allowed.join(', ') }) }, 405, { Allow: allowed.join(', ') });
  });
  return app;
}

/**
 * The methods each documented path takes, by the path a request names (a `{param}` stands for one
 * segment); HEAD goes with GET, as the router answers it.
 */
function pathMethods(paths: Array<{ path: string; method: string }>): (path: string) => string[] {
  const patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { path, method } of paths) {
    const entry = patterns.get(path) ?? { pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`), methods: new Set<string>() };
    entry.methods.add(method);
    if (method === 'GET') entry.methods.add('HEAD');
    patterns.set(path, entry);
  }
  return (path) => [...new Set([...patterns.values()].filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => [...methods]))].sort();
}
