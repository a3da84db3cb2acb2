import { z } from 'zod';
import { ZBusinessInfoSchema } from '../../shared/schemas/business.schema';
import { ZAuditPageSchema, ZAuditQuerySchema, ZLoginSchema, ZOverviewSchema, ZScheduleQuerySchema, ZScheduleSchema, ZSessionStateSchema } from '../../shared/schemas/admin.schema';
import { ZContactSchema } from '../../shared/schemas/contact.schema';
import { IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_SIDE, ZObjectPathSchema, ZRequestUploadSchema, ZUploadCheckSchema, ZUploadTargetSchema } from '../../shared/schemas/upload.schema';
import { listAudit, overview, schedule } from '../services/admin.service';
import { sendContactMessage } from '../services/contact.service';
import { HEALTH_REUSE_MS, health } from '../services/health.service';
import { login, logout, sessionState } from '../services/session.service';
import { createContext } from '../trpc/context';
import { checkUpload, requestUpload } from '../services/upload.service';
import { requestMeta } from '../http/middleware';
import { adminContext, caller, defineRoute, serviceContext } from './route';

/** GET /api/health's answer, whether every part is reachable (200) or not (503). */
const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
  storageDriver: z.enum(['local', 's3']),
  mail: z.enum(['smtp', 'outbox']),
});

/** What a picture's size in pixels may be, as the upload paths describe it. */
const PICTURE_LIMITS = `a picture’s size in pixels (at most ${IMAGE_MAX_SIDE.toLocaleString('en-US')} a side and ${IMAGE_MAX_MEGAPIXELS} megapixels in all)`;

export const miscRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/contact',
    tag: 'Enquiries',
    summary: 'Send an enquiry',
    description:
      'firstName, lastName, email and message are required; phone and subject are optional. The garage is notified by e-mail. ' +
      'Names and phone are one line each (a line break or another control character answers 400); the message may have several lines and tabs.',
    auth: 'public',
    rateLimit: 'contact',
    body: ZContactSchema,
    response: { status: 201, schema: z.object({ id: z.string() }), description: 'Stored and queued for the garage' },
    errors: [503],
    handler: (c, { body }) => sendContactMessage(serviceContext(c), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/objects/upload',
    tag: 'Uploads',
    summary: 'Get an upload address',
    description:
      'No body (or no `kind`) asks, from anyone, for an identity document’s address (JPG, PNG or PDF, at most 5 MB), the only thing a stranger’s upload can become; from staff, for an upload of either kind, up to 10 MB, checked when attached by what it becomes: a document (at most 5 MB) for a booking, or a car picture (JPG, PNG or WebP, at most 10 MB) for a car. ' +
      'Send `{kind, contentType, size}` to have the address signed for that type and size (a PUT of other bytes answers 403); `kind: "car-image"` (JPG, PNG or WebP, at most 10 MB) needs staff. ' +
      'PUT the file to `uploadURL` with `headers` (a PUT to this server checks the bytes at once: 415 for another type, 400 against ' + PICTURE_LIMITS + '), then use `objectPath` in the booking or car. Once attached, the checked bytes are copied to a new path that the answer names (later PUTs to the address change nothing). The address lives 15 minutes; an upload not attached within 24 hours is deleted. With S3 the address is the bucket\'s, signed for the declared `size` (exactly); without `size` it is on this server, which refuses (413) bytes past the limit. Without S3, the PUT answers 503 with `Retry-After` while the server\'s disk is low (`UPLOADS_MIN_FREE_MB`); a PUT to this server answers 503 with `Retry-After` while the uploads arriving at once already hold `UPLOADS_MAX_BUFFERED_MB` of memory, or those from the caller\'s network a quarter of it, and 409 while another body for the same address is arriving. ' +
      'A stranger’s uploads that no booking has taken count against a quota over the day they are kept, each at its declared `size` (else its kind’s limit): past `UPLOADS_NETWORK_MAX_MB` from the caller’s network, the address answers 429 with `Retry-After` (until the oldest of them is a day old); past `UPLOADS_UNATTACHED_MAX_MB` from all strangers, 503 with `Retry-After`. Staff’s uploads do not count.',
    auth: 'public',
    rateLimit: 'uploads',
    body: ZRequestUploadSchema,
    response: { status: 200, schema: ZUploadTargetSchema, description: 'Where to PUT the file' },
    errors: [401, 429, 503],
    handler: (c, { body }) => requestUpload(serviceContext(c), body, requestMeta(c)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/objects/check',
    tag: 'Uploads',
    summary: 'Check a stored upload',
    description: `Checks the file’s real type and size right after the PUT, and ${PICTURE_LIMITS} (read from its header; a picture whose size cannot be read is refused too); a file that breaks the rules is deleted and refused (400).`,
    auth: 'public',
    rateLimit: 'uploads',
    body: z.object({ objectPath: ZObjectPathSchema }),
    response: { status: 200, schema: ZUploadCheckSchema, description: 'The file is acceptable' },
    errors: [503],
    handler: (c, { body }) => checkUpload(serviceContext(c), body.objectPath),
  }),
  defineRoute({
    method: 'get',
    path: '/api/site',
    anonymous: true,
    tag: 'Site',
    summary: 'The garage’s details',
    auth: 'public',
    response: { status: 200, schema: ZBusinessInfoSchema, description: 'Name, phones, e-mail, address, and opening hours in the request\'s language (Accept-Language)' },
    errors: [],
    handler: async (c) => c.get('deps').business,
  }),
  defineRoute({
    method: 'get',
    path: '/api/health',
    anonymous: true,
    tag: 'Site',
    summary: 'Health',
    description:
      `Database and storage reachability. 200 when both answer, 503 otherwise. One check runs at a time, its answer shared by every call that arrives meanwhile, and a healthy answer is reused for ${HEALTH_REUSE_MS / 1000} s ` +
      '(so calls cost the database and the storage nothing more, however many); a failure is never reused: the next call checks again.',
    auth: 'public',
    response: { status: 200, schema: ZHealthSchema, description: 'Status of each part: all ok' },
    errors: [503],
    errorBodies: { 503: { schema: ZHealthSchema, description: 'Status of each part: the database or the storage is unavailable (`status` is `degraded`)' } },
    handler: async (c) => {
      const report = await health(c.get('deps'));
      return c.json(report, report.status === 'ok' ? 200 : 503);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/login',
    tag: 'Admin: session',
    summary: 'Sign in',
    description:
      'Signs a staff account in with `{email, password}`; `{password}` alone signs in the owner (ADMIN_EMAIL). An account with two-step sign-in answers ' +
      '`{authenticated: false, secondFactorRequired: true}` until the request also carries `code` (the app\'s current code, or a recovery code). ' +
      'Sets an HttpOnly, SameSite=Strict session cookie (`__Host-`-prefixed when PUBLIC_URL is https) that ends after SESSION_IDLE_HOURS idle or SESSION_MAX_DAYS in all, ' +
      'and a known-device cookie. Wrong passwords are counted per account and address, per account and per address: each count slows the next attempts, then refuses them (429) ' +
      'for 15 minutes; a browser that signed in to the account before is counted on its own. Wrong codes are counted per account over a day: after 20, codes from ' +
      'new devices are refused (429) until the day has passed (a known device counts its own; a browser is known for the password it signed in with, so a new password makes the others new devices). The session the browser\'s cookie held before ends. Sign-ins per address also count against the `login` limit of RATE_LIMITS, but for those from a browser that signed in to the account with its password before (its known-device cookie), which strangers sharing the address cannot lock out. ' +
      'A disabled account is answered as a wrong password is (401), whatever the password.',
    auth: 'public',
    rateLimit: 'login',
    sparesKnownDevices: true,
    body: ZLoginSchema,
    response: { status: 200, schema: ZSessionStateSchema, description: 'Signed in (the cookie is set), or the second factor is needed' },
    errors: [401, 503],
    handler: (c, { body }) => login(createContext(c), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/logout',
    tag: 'Admin: session',
    summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie.',
    auth: 'public',
    response: { status: 200, schema: ZSessionStateSchema, description: 'Signed out' },
    errors: [503],
    handler: (c) => logout(createContext(c)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/session',
    tag: 'Admin: session',
    summary: 'Am I signed in?',
    auth: 'public',
    response: { status: 200, schema: ZSessionStateSchema, description: 'Whether the cookie (or token) is a live session, and its account' },
    errors: [503],
    handler: async (c) => sessionState(caller(c)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/overview',
    tag: 'Admin: session',
    summary: 'Dashboard figures',
    auth: 'admin',
    response: { status: 200, schema: ZOverviewSchema, description: 'Totals, recent bookings, fleet status and chart series' },
    errors: [503],
    handler: (c) => overview(adminContext(c)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/schedule',
    tag: 'Admin: bookings',
    summary: 'A day’s pick-ups and returns',
    description:
      'The bookings picked up and those returned on `date` (YYYY-MM-DD, Asia/Manila; today when left out), all but cancelled ones, in the order of the pick-up time (a car is due back at the hour it went out).',
    auth: 'admin',
    query: ZScheduleQuerySchema,
    response: { status: 200, schema: ZScheduleSchema, description: 'The day, its pick-ups and its returns' },
    errors: [503],
    handler: (c, { query }) => schedule(adminContext(c), query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/audit',
    tag: 'Admin: session',
    summary: 'Audit log',
    description:
      'Admin changes, newest first: who, when, what, before and after. Page by `offset` to get the exact `total`, or by `cursor` ' +
      '(empty for the newest entries, then each answer\'s `nextCursor`) for pages that cost the same however long the log grows, without a total. ' +
      'The entries about staff accounts (`staff_account`) are an owner account\'s to read, as the accounts are: a staff account gets only those about itself, the API token none.',
    auth: 'admin',
    query: ZAuditQuerySchema,
    response: { status: 200, schema: ZAuditPageSchema, description: 'One page of entries, and the cursor of the older ones' },
    errors: [503],
    handler: (c, { query }) => listAudit(adminContext(c), query),
  }),
];
