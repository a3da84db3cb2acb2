/**
 * The bare-Hono reference (B_hono): a process of its own, started by the benchmark on the server's
 * core, that answers every GET with the same bytes and headers as the server's `GET /api/cars`
 * (which the benchmark read from the server and sends here over IPC) and a fresh request id. Plain
 * `hono` and `@hono/node-server`, nothing else: no middleware, no database, no routing beyond one
 * route. It is what Hono itself can do on this core for that answer; the figures of the cached
 * routes are ratios to it.
 *
 * The answer is built the cheapest way Hono allows: a `Response` with a plain header object, which
 * `@hono/node-server` writes straight to Node's `writeHead` (`c.body(...)` with more than one
 * header would build a `Headers` object per request). The object is a copy of one made at start
 * that already holds every name, the request id's included: V8 copies such an object in tens of
 * nanoseconds, where a spread followed by a new name takes microseconds.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface BareAnswer {
  status: number;
  /** Every header of the server's answer but those Node writes itself (Date, Connection, Content-Length...) and the request id. */
  headers: Record<string, string>;
  body: string;
}

process.once('message', (answer: BareAnswer) => {
  const template: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) template[name] = value;
  template['x-request-id'] = '';
  const app = new Hono();
  app.get('*', () => new Response(answer.body, { status: answer.status, headers: { ...template, 'x-request-id': randomUUID() } }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send!({ port: info.port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
