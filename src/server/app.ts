import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { AppError } from '../shared/errors';
import type { AppDeps } from './deps';
import { PRECOMPRESSED_EXTENSIONS } from './http/compression';
import { baseMiddleware, handleError, identified, languageAnswers, privateAnswers, writeChecks } from './http/middleware';
import { objectsApp } from './http/objects';
import { PageRenderer } from './http/pages';
import { seoApp } from './http/sitemap';
import type { AppEnv } from './http/variables';
import { restApp } from './rest';
import { benchBaselineApp } from './rest/bench.rest';
import { createContext } from './trpc/context';
import { appRouter } from './trpc/root';


/** Hashed build output: its names change with its content, so browsers may keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Files of public/ (car pictures, logo, robots.txt): unhashed names, so kept for a day. */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

export interface AppOptions {
  /** The built front end (index.html and assets); omitted in API-only tests. */
  clientDir?: string;
  /** The built page renderer; defaults to `server/entry-server.js` beside `clientDir`. */
  serverEntry?: string;
  version?: string;
}

/** The Range a file of the build is served for: one range from a first byte. */
const SERVED_RANGE = /^bytes=\d+-\d*$/;

/**
 * The one Hono application: security headers, cross-site write protection and a body limit in
 * front of the REST adapters (/api), tRPC (/trpc), objects (/objects) and the built site.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', baseMiddleware(deps));

  for (const path of ['/api/admin/*', '/api/my-booking', '/api/my-booking/*', '/trpc/*']) app.use(path, privateAnswers());
  for (const path of ['/api/*', '/trpc/*']) app.use(path, languageAnswers());
  // Writes: JSON bodies past 1 MiB are refused (by their declared length before anything is read,
  // or as they arrive when sent without one; file uploads to /objects have their own limits), and
  // cross-site writes too.
  for (const path of ['/api/*', '/trpc/*']) app.use(path, writeChecks({ jsonBodyLimit: true }));
  app.use('/objects/*', writeChecks({ jsonBodyLimit: false }));
  // Who is asking: for every tRPC procedure and object, and for each REST route that cares (rest/index.ts).
  for (const path of ['/trpc/*', '/objects/*']) app.use(path, identified());

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
      // A refusal that says when to come back (rate limits, a busy or unreachable database) says it
      // as REST does, in Retry-After.
      responseMeta: ({ errors }) => {
        const wait = Math.max(0, ...errors.map((error) => (error.cause instanceof AppError ? (error.cause.retryAfter ?? 0) : 0)));
        return wait ? { headers: { 'Retry-After': String(wait) } } : {};
      },
      createContext: (_opts, c) => createContext(c as never) as unknown as Record<string, unknown>,
    }),
  );
  app.route('/', objectsApp());
  app.route('/', seoApp(options.clientDir, PUBLIC_FILE_CACHE_CONTROL));

  if (options.clientDir && existsSync(resolve(options.clientDir, 'index.html'))) {
    const root = options.clientDir;
    const pages = new PageRenderer(deps, { clientDir: root, serverEntry: options.serverEntry ?? resolve(root, '../server/entry-server.js') });
    // Files of the build and of public/, with their build-time .br/.gz copies when the browser takes
    // them. Only names with an extension: "/" and the page paths are rendered below.
    const files = serveStatic<AppEnv>({
      root,
      precompressed: true,
      onFound: (path, c) => {
        c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE_CACHE_CONTROL : PUBLIC_FILE_CACHE_CONTROL);
        if (PRECOMPRESSED_EXTENSIONS.some((ext) => path.replace(/\.(br|gz)$/, '').endsWith(ext)) && !c.res.headers.has('Vary')) {
          c.header('Vary', 'Accept-Encoding');
        }
      },
    });
    // Build records (dist/client/.vite: the manifest, with source paths) stay private.
    const served = (path: string) => /\/[^/]+\.[^/]+$/.test(path) && path !== '/index.html' && !path.startsWith('/.');
    app.use('*', async (c, next) => {
      if (!served(c.req.path)) return next();
      // One range of the file's bytes, "bytes=a-b" or "bytes=a-", is served (206); any other Range
      // (a suffix, several ranges, one beyond the file or backwards) is not satisfiable here: 416.
      const range = c.req.header('range');
      if (range !== undefined && !SERVED_RANGE.test(range)) return c.body(null, 416);
      try {
        return await files(c, next);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_OUT_OF_RANGE') return c.body(null, 416);
        throw error;
      }
    });
    app.get('*', (c) => pages.respond(c));
  }
  return app;
}
