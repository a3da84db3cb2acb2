import { z } from 'zod';
import { ZErrorBodySchema } from './errorSchema';
import type { RouteExample } from './examples';
import { routeAccess, type RestRoute } from './route';
import { challengeOf } from '../auth/access';
import { escapeHtml as escape } from '../html';
import { CONNECTION_TIMEOUTS, MIN_BODY_RATE } from '../http/connections';

/** Response headers whose values are not plain strings. */
const HEADER_SCHEMAS: Record<string, object> = {
  'X-Total-Count': { type: 'integer' },
  'X-Total-Count-Capped': { type: 'string', enum: ['true', 'false'] },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input: `message`, and `issues` per field',
  401: 'Not signed in (or wrong password)',
  404: 'Not found',
  409: 'Conflict: the dates are taken, the car is unavailable, or the record is in use',
  422: 'The Idempotency-Key was sent before with a different request',
  413: 'Body or file too large',
  415: 'Wrong content type (send application/json)',
  429: 'Too many requests: see Retry-After',
  503: 'Database or storage unreachable or busy: try again after Retry-After',
};

/** Every 429 and 503 refusal says when to try again (AppError's `retryAfter`). */
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };

const SESSION = { session: [] };
const BEARER = { bearer: [] };
/** A 401 that names the credentials that would do (authorize's `notSignedIn`). */
function challengeHeader(challenge: string) {
  return { 'WWW-Authenticate': { description: 'The credentials that would do: the API token', schema: { type: 'string', const: challenge } } };
}

/**
 * How the document states each `auth` of the route table (src/server/auth/access.ts): the
 * credentials that may call it (`security`, any one of them), the badge of the reference page, and
 * why such a caller may still be refused (403). OpenAPI names credentials only, so a role is said
 * in words.
 */
const ACCESS_DOC: Record<RestRoute['auth'], { security: Array<Record<string, string[]>>; badge?: string; refused?: string }> = {
  public: { security: [] },
  admin: { security: [SESSION, BEARER], badge: 'staff', refused: 'an owner who must still set up two-step sign-in (OWNER_REQUIRE_2FA)' },
  owner: {
    security: [SESSION, BEARER],
    badge: 'owner',
    refused: 'not allowed for your role (an owner account or the API token only), or an owner who must still set up two-step sign-in',
  },
  accounts: {
    security: [SESSION],
    badge: 'owner account',
    refused: 'not allowed for your role (an owner account signed in only: not a staff account, not the API token), or an owner who must still set up two-step sign-in',
  },
  self: { security: [SESSION], badge: 'signed-in staff', refused: 'the API token (sign in with a staff account: these are its own settings)' },
  'document-token': { security: [SESSION, BEARER, { documentToken: [] }], badge: 'staff or document token' },
};

/** What an error status means on a route. */
function statusText(route: RestRoute, status: number): string {
  if (status === 429 && route.rateLimit) {
    return `${STATUS_TEXT[429]}. Calls are counted per address against the \`${route.rateLimit}\` limit of RATE_LIMITS, by every server instance together, before the body is read${route.sparesKnownDevices ? ' (a call with a known-device cookie: once the account is known, and only when the cookie proves nothing for it)' : ''}`;
  }
  if (status === 403) {
    const reasons = [ACCESS_DOC[route.auth].refused, route.method === 'get' ? undefined : 'a cross-site write (another Origin)', 'as the description says'];
    return `Refused: ${reasons.filter(Boolean).join('; ')}`;
  }
  return STATUS_TEXT[status] ?? 'Error';
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

/**
 * An OpenAPI `examples` map of the route's examples that give `part`, keyed by their names; none
 * when no example does.
 */
function examplesOf(examples: RouteExample[], part: (example: RouteExample) => unknown): { examples?: Record<string, { summary: string; value: unknown }> } {
  const given = examples.filter((example) => part(example) !== undefined);
  return given.length ? { examples: Object.fromEntries(given.map((example) => [example.name, { summary: example.summary, value: part(example) }])) } : {};
}

/** OpenAPI 3.1 for every REST path, generated from the same route table and zod schemas the server runs. */
export function openApiDocument(routes: RestRoute[], info: { title: string; version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const examples = route.examples?.() ?? [];
    const parameters: unknown[] = [];
    for (const [where, schema, part] of [['path', route.params, 'params'], ['query', route.query, 'query'], ['header', route.headers, 'headers']] as const) {
      if (!schema) continue;
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || !field.safeParse(undefined).success,
          schema: jsonSchema(field, 'input'),
          ...examplesOf(examples, (example) => example[part]?.[name]),
        });
      }
    }
    const { location } = route.response;
    const headers = [...Object.entries(route.response.headers ?? {}), ...(location ? [['Location', `The new record's path: \`${location.path}\``] as const] : [])];
    const responses: Record<string, unknown> = {
      [route.response.status]: {
        description: route.response.description,
        ...(headers.length ? { headers: Object.fromEntries(headers.map(([name, description]) => [name, { description, schema: HEADER_SCHEMAS[name] ?? { type: 'string' } }])) } : {}),
        content: route.response.schema
          ? { 'application/json': { schema: jsonSchema(route.response.schema, 'output'), ...examplesOf(examples, (example) => example.response) } }
          : { [route.response.contentType ?? 'application/octet-stream']: { schema: { type: 'string' } } },
      },
    };
    // An answer with an ETag is made by `cachedAnswer`, which answers 304 to an If-None-Match naming it.
    if (route.response.headers?.ETag) responses[304] = { description: 'Not Modified: `If-None-Match` names the current `ETag` (no body)' };
    const challenge = challengeOf(routeAccess(route.auth));
    for (const status of route.errors) {
      const own = route.errorBodies?.[status];
      responses[status] = own
        ? { description: own.description, content: { 'application/json': { schema: jsonSchema(own.schema, 'output') } } }
        : {
            description: statusText(route, status),
            ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
            ...(status === 401 && challenge ? { headers: challengeHeader(challenge) } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          };
    }
    const { security, badge } = ACCESS_DOC[route.auth];
    (paths[route.path] ??= {})[route.method] = {
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: route.method !== 'post' || route.path !== '/api/objects/upload',
              content: { 'application/json': { schema: jsonSchema(route.body, 'input'), ...examplesOf(examples, (example) => example.body) } },
            },
          }
        : {}),
      responses,
      security,
      ...(badge ? { 'x-access': badge } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'REST API of the car rental site. Every path calls the same services as the web app. Errors are JSON `{message}` (with `issues` for invalid fields). ' +
        'An issue names a field left out (or null where a value is required) as required, and a value of the wrong JSON type by the type expected ("Expected string, received number"); one refusal names the issues of the path, query, headers and body together. ' +
        'Staff paths need the session cookie from POST /api/admin/login or `Authorization: Bearer <ADMIN_API_TOKEN>`; each path\'s `security` names the credentials it takes, and `x-access` who may call it: ' +
        '`staff` (any staff account, or the token), `owner` (an owner account, or the token), `owner account` (an owner signed in: the cookie only), `signed-in staff` (any staff account signed in, for its own settings: the cookie only), `staff or document token` (staff, or the renter\'s `X-Document-Token`). ' +
        'Writes with a body must be `application/json`; a body field or query parameter a path does not list is ignored (a client may send more than a path reads, as a newer client would), and a figure the server computes itself, such as a booking\'s prices, is never taken from the request. ' +
        '`Idempotency-Key` is read only where a path lists it (a public booking, a payment); elsewhere, as any header a path does not list, it is ignored. A path asked with a method it does not take answers 405 with `Allow` naming those it takes. ' +
        'Text must be well-formed Unicode with no NUL: a lone surrogate (a `\\ud800` escape) in a body, or a %-escape in the URL that is not UTF-8, answers 400, as does JSON nested more than 20 levels deep. ' +
        'One-line fields (names, phones, subjects) refuse line breaks and other control characters; multi-line ones (messages, descriptions, notes, addresses) keep line breaks and tabs only; zero-width spaces, word joiners and byte order marks inside text are dropped. ' +
        'Messages (errors and their `issues`) are in the language the request asks for with `Accept-Language`: Filipino for `fil` (or `tl`), English otherwise; such answers carry `Vary: Accept-Language`. ' +
        `Slow connections are closed with a bare answer (no body): 408 for headers not all sent within ${CONNECTION_TIMEOUTS.headersTimeout / 1000} s, or a body slower than ${MIN_BODY_RATE.bytesPerSecond} bytes a second once ${MIN_BODY_RATE.graceSeconds} s of it are spent; 503 for a request under way when the server is full and its caller holds the most connections.`,
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: jsonSchema(ZErrorBodySchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'rental_session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_TOKEN' },
        documentToken: { type: 'apiKey', in: 'header', name: 'X-Document-Token' },
      },
    },
  };
}


/** A readable reference page, rendered on the server from the document (no scripts). */
export function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods) as Array<[string, Record<string, unknown>]>) {
      const tag = (op.tags as string[])[0] ?? 'Other';
      const params = (op.parameters as Array<{ name: string; in: string; required: boolean }> | undefined) ?? [];
      type Media = { schema: unknown; examples?: Record<string, { summary: string; value: unknown }> };
      const requestBody = (op.requestBody as { content: Record<string, Media> } | undefined)?.content['application/json'];
      const body = requestBody?.schema;
      const responses = op.responses as Record<string, { description: string; content?: Record<string, Media> }>;
      const exampleBlocks = (what: string, media: Media | undefined) =>
        Object.values(media?.examples ?? {})
          .map((example) => `<details><summary>${what} example: ${escape(example.summary)}</summary><pre>${escape(JSON.stringify(example.value, null, 2))}</pre></details>`)
          .join('\n');
      const access = op['x-access'] as string | undefined;
      const auth = access ? `<span class="auth">${escape(access)}</span>` : '';
      const section = `<section id="${escape(String(op.operationId))}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> ${auth}</h3>
<p><strong>${escape(String(op.summary))}</strong>${op.description ? ` — ${escape(String(op.description))}` : ''}</p>
${params.length ? `<p>Parameters: ${params.map((p) => `<code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p>` : ''}
${body ? `<details><summary>Request body</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ''}
${exampleBlocks('Request', requestBody)}
${Object.entries(responses)
  .map(([status, r]) => {
    const media = r.content?.['application/json'];
    return Number(status) < 400 && media?.schema
      ? `<details><summary>${status}: ${escape(r.description)}</summary><pre>${escape(JSON.stringify(media.schema, null, 2))}</pre></details>\n${exampleBlocks(`${status}`, media)}`
      : `<div class="r">${status}: ${escape(r.description)}</div>`;
  })
  .join('\n')}
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const toc = [...byTag.keys()].map((tag) => `<li><a href="#tag-${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</a></li>`).join('');
  const sections = [...byTag.entries()].map(([tag, items]) => `<h2 id="tag-${escape(tag.replace(/\W+/g, '-'))}">${escape(tag)}</h2>${items.join('\n')}`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} — API reference</title>
<style>
body{font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1b1f24;background:#fafbfc}
main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:40px;border-bottom:1px solid #e3e6ea;padding-bottom:6px}
section{background:#fff;border:1px solid #e3e6ea;border-radius:8px;padding:12px 16px;margin:12px 0}
h3{margin:0 0 6px;font-size:16px}.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#1c7ed6}.post{background:#2b8a3e}.put{background:#e67700}.patch{background:#7048e8}.delete{background:#c92a2a}
.auth{font-size:12px;background:#fff3bf;color:#5c3c00;border-radius:4px;padding:2px 6px}
pre{background:#f1f3f5;padding:10px;border-radius:6px;overflow:auto;font-size:12px}.r{color:#555;font-size:13px}
code{font-size:14px}@media (prefers-color-scheme:dark){body{background:#141517;color:#e9ecef}section{background:#1a1b1e;border-color:#2c2e33}pre{background:#25262b}.r{color:#aaa}}
</style></head><body><main>
<h1>${escape(doc.info.title)} — API reference</h1>
<p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<ul>${toc}</ul>
${sections}
</main></body></html>`;
}
