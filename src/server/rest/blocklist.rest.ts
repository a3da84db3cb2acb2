import { z } from 'zod';
import { ZBlockNameAnswerSchema, ZBlockNameSchema, ZBlockedNameSchema, ZCheckNameAnswerSchema, ZCheckNameSchema } from '../../shared/schemas/blocklist.schema';
import { blockName, isNameBlocked, listBlockedNames, unblockName } from '../services/blocklist.service';
import { ZListQuerySchema } from '../../shared/schemas/common.schema';
import { ZDeletedSchema, ZIdParamsSchema, adminContext, defineRoute, listHeaders, listResponse, serviceContext } from './route';

export const blocklistRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/blocked-names/check',
    tag: 'Bookings',
    summary: 'Is a name blocked?',
    description:
      'Names are compared by their skeleton: case, accents (every combining mark), extra spaces, punctuation, the order of the words and invisible characters (zero-width spaces, soft hyphens, every format character) are ignored, ' +
      'characters that show as a blank (Hangul fillers, the blank Braille pattern) and middle dots part words as a space does, ' +
      'Latin letters with a hook, stroke, belt, tail or curl and small capitals count as their plain letters (ɾ is an r, ᴊ a j), ' +
      'and letters that look like Latin ones (Unicode TR39 confusables: a Cyrillic о is an o) count as those letters. `name` is one line of text.',
    auth: 'public',
    rateLimit: 'nameCheck',
    query: ZCheckNameSchema,
    response: { status: 200, schema: ZCheckNameAnswerSchema, description: 'The answer' },
    errors: [503],
    handler: async (c, { query }) => ({ isBlocked: await isNameBlocked(serviceContext(c), query.name) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/blocked-names',
    tag: 'Admin: blocklist',
    summary: 'List blocked names',
    description: 'Newest first. Search `q` matches the name or the reason. The total count is in `X-Total-Count` (a broad search stops counting at a thousand: see `X-Total-Count-Capped`).',
    auth: 'admin',
    query: ZListQuerySchema,
    response: { status: 200, schema: z.array(ZBlockedNameSchema), description: 'One page of blocked names', headers: listHeaders('Names matching the search') },
    errors: [503],
    handler: async (c, { query }) => listResponse(c, await listBlockedNames(adminContext(c), query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/blocked-names',
    tag: 'Admin: blocklist',
    summary: 'Block a name',
    description:
      '`fullName` is trimmed, required and one line; an empty `reason` (which may have several lines) becomes null; `blockedBy` is the signed-in account\'s name (the API token may give one; it defaults to "admin"). ' +
      'A name with the same skeleton as one already blocked (see GET /api/blocked-names/check) is the same entry and answers 409. ' +
      'Bookings already made under the name are left as they are; the answer lists those still to come or under way (`openBookings`), for staff to look at.',
    auth: 'admin',
    body: ZBlockNameSchema,
    response: { status: 201, schema: ZBlockNameAnswerSchema, description: 'The blocked name, and the open bookings under it' },
    errors: [409, 503],
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
    errors: [404, 503],
    handler: async (c, { params }) => {
      await unblockName(adminContext(c), params.id);
      return { ok: true };
    },
  }),
];
