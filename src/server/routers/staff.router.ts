import { z } from 'zod';
import { ZIdSchema } from '../../shared/schemas/common.schema';
import {
  ZCreateStaffSchema,
  ZPasswordLinkAccountSchema,
  ZPasswordLinkTokenSchema,
  ZSetPasswordSchema,
  ZStaffAccountSchema,
  ZStaffWithLinkSchema,
  ZUpdateStaffSchema,
  ZUpdatedStaffSchema,
} from '../../shared/schemas/staff.schema';
import { createStaff, disableStaff, enableStaff, inspectPasswordLink, listStaff, resetStaff, setPasswordWithLink, updateStaff } from '../services/staff.service';
import { accountsProcedure, rateLimited, router } from '../trpc/init';

/** The owner's Staff tab, and the one-time password link its people open. */
export const staffRouter = router({
  list: accountsProcedure.output(z.array(ZStaffAccountSchema)).query(({ ctx }) => listStaff(ctx)),
  create: accountsProcedure.input(ZCreateStaffSchema).output(ZStaffWithLinkSchema).mutation(({ ctx, input }) => createStaff(ctx, input)),
  update: accountsProcedure
    .input(z.object({ id: ZIdSchema, data: ZUpdateStaffSchema }))
    .output(ZUpdatedStaffSchema)
    .mutation(({ ctx, input }) => updateStaff(ctx, input.id, input.data)),
  disable: accountsProcedure.input(z.object({ id: ZIdSchema })).output(ZStaffAccountSchema).mutation(({ ctx, input }) => disableStaff(ctx, input.id)),
  enable: accountsProcedure.input(z.object({ id: ZIdSchema })).output(ZStaffAccountSchema).mutation(({ ctx, input }) => enableStaff(ctx, input.id)),
  reset: accountsProcedure.input(z.object({ id: ZIdSchema })).output(ZStaffWithLinkSchema).mutation(({ ctx, input }) => resetStaff(ctx, input.id)),
  // A mutation though it changes nothing: a query would carry the one-time token in its URL
  // (`?input=`), where a proxy's or browser's log could keep it.
  linkAccount: rateLimited('login').input(ZPasswordLinkTokenSchema).output(ZPasswordLinkAccountSchema).mutation(({ ctx, input }) => inspectPasswordLink(ctx, input.token)),
  setPassword: rateLimited('login')
    .input(ZSetPasswordSchema)
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => setPasswordWithLink(ctx, input)),
});
