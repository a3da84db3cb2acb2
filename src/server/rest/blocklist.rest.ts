import { z } from 'zod';
import { ZBlockNameSchema, ZBlockedNameSchema, ZCheckNameAnswerSchema, ZCheckNameSchema } from '../../shared/schemas/blocklist.schema';
import { blockName, isNameBlocked, listBlockedNames, unblockName } from '../services/blocklist.service';
import { ZListQuerySchema } from '../../shared/schemas/common.schema';
import { ZDeletedSchema, ZIdParamsSchema, adminContext, defineRoute, listResponse, serviceContext } from './route';

export const blocklistRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/blocked-names/check',
    tag: 'Bookings',
    summary: 'Is a name blocked?',
    description: 'Names match after trimming, collapsing spaces, ignoring case and accents.',
    auth: 'public',
    rateLimit: 'nameCheck',
    query: ZCheckNameSchema,
    response: { status: 200, schema: ZCheckNameAnswerSchema, description: 'The answer' },
    errors: [400, 429, 503],
    handler: async (c, { query }) => ({ isBlocked: await isNameBlocked(serviceContext(c), query.name) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/blocked-names',
    tag: 'Admin: blocklist',
    summary: 'List blocked names',
    description: 'Newest first. Search `q` matches the name or the reason. The total count is in `X-Total-Count`.',
    auth: 'admin',
    query: ZListQuerySchema,
    response: { status: 200, schema: z.array(ZBlockedNameSchema), description: 'One page of blocked names', headers: { 'X-Total-Count': 'Names matching the search' } },
    errors: [400, 401, 503],
    handler: async (c, { query }) => listResponse(c, await listBlockedNames(adminContext(c), query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/blocked-names',
    tag: 'Admin: blocklist',
    summary: 'Block a name',
    description: '`fullName` is trimmed and required; an empty `reason` becomes null; `blockedBy` defaults to "admin". A name already blocked answers 409.',
    auth: 'admin',
    body: ZBlockNameSchema,
    response: { status: 201, schema: ZBlockedNameSchema, description: 'The blocked name' },
    errors: [400, 401, 409, 415, 503],
    handler: (c, { body }) => blockName(adminContext(c), body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/blocked-names/{id}',
    tag: 'Admin: blocklist',
    summary: 'Unblock a name',
    auth: 'admin',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZDeletedSchema, description: 'Unblocked' },
    errors: [400, 401, 404, 503],
    handler: async (c, { params }) => {
      await unblockName(adminContext(c), params.id);
      return { ok: true };
    },
  }),
];
