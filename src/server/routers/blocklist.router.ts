import { z } from 'zod';
import { ZBlockNameAnswerSchema, ZBlockNameSchema, ZBlockedNameSchema, ZCheckNameAnswerSchema, ZCheckNameSchema } from '../../shared/schemas/blocklist.schema';
import { ZIdSchema, ZListQuerySchema, pageOf } from '../../shared/schemas/common.schema';
import { blockName, isNameBlocked, listBlockedNames, unblockName } from '../services/blocklist.service';
import { adminProcedure, rateLimited, router } from '../trpc/init';

export const blocklistRouter = router({
  check: rateLimited('nameCheck')
    .input(ZCheckNameSchema)
    .output(ZCheckNameAnswerSchema)
    .query(async ({ ctx, input }) => ({ isBlocked: await isNameBlocked(ctx, input.name) })),
  list: adminProcedure.input(ZListQuerySchema.prefault({})).output(pageOf(ZBlockedNameSchema)).query(({ ctx, input }) => listBlockedNames(ctx, input)),
  block: adminProcedure.input(ZBlockNameSchema).output(ZBlockNameAnswerSchema).mutation(({ ctx, input }) => blockName(ctx, input)),
  unblock: adminProcedure.input(z.object({ id: ZIdSchema })).mutation(({ ctx, input }) => unblockName(ctx, input.id)),
});
