import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { AppError } from '../shared/errors';
import { messages } from '../shared/messages';
import type { AppDeps } from './deps';
import { baseMiddleware, crossSiteGuard, handleError, requestContext } from './http/middleware';
import { objectsApp } from './http/objects';
import type { AppEnv } from './http/variables';
import { restApp } from './rest';
import { benchBaselineApp } from './rest/bench.rest';
import { createContext } from './trpc/context';
import { appRouter } from './trpc/root';

/** JSON bodies above this are refused with 413 before they are read. */
export const MAX_JSON_BODY = 1024 * 1024;

/** Paths the site answers with its page; anything else gets the page with status 404 (its "Page Not Found" screen). */
const SITE_ROUTES = new Set(['/', '/booking', '/pcc', '/terms', '/privacy', '/admin']);

export interface AppOptions {
  /** The built front end (index.html and assets); omitted in API-only tests. */
  clientDir?: string;
  version?: string;
}

/**
 * The one Hono application: security headers, cross-site write protection and a body limit in
 * front of the REST adapters (/api), tRPC (/trpc), objects (/objects) and the built site.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', baseMiddleware(deps));

  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.errors.bodyTooLarge);
  };
  for (const path of ['/api/*', '/trpc/*']) {
    app.use(path, bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge }));
  }
  for (const path of ['/api/*', '/trpc/*', '/objects/*']) {
    app.use(path, crossSiteGuard());
    app.use(path, requestContext(deps));
  }

  if (deps.env.BENCH_BASELINE) app.route('/', benchBaselineApp());
  app.route('/', restApp(options.version ?? '1.0.0'));
  // tRPC answers with a Response of its own; materialise Hono's response first so the headers
  // that procedures set through the context (the session cookie) are merged into tRPC's.
  app.use('/trpc/*', async (c, next) => {
    void c.res;
    await next();
  });
  app.use(
    '/trpc/*',
    trpcServer({
      endpoint: '/trpc',
      router: appRouter,
      // A batch is one HTTP request: cap it so one request cannot fan out into hundreds of queries.
      maxBatchSize: 20,
      createContext: (_opts, c) => createContext(c as never) as unknown as Record<string, unknown>,
    }),
  );
  app.route('/', objectsApp());

  if (options.clientDir && existsSync(resolve(options.clientDir, 'index.html'))) {
    const root = options.clientDir;
    const indexHtml = readFileSync(resolve(root, 'index.html'), 'utf8');
    app.use('/assets/*', compress(), async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('*', serveStatic({ root }));
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml, SITE_ROUTES.has(c.req.path.replace(/\/+$/, '') || '/') ? 200 : 404);
    });
  }
  return app;
}
