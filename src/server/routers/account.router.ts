import { z } from 'zod';
import { ZIdSchema, ZOkSchema } from '../../shared/schemas/common.schema';
import {
  ZChangePasswordSchema,
  ZConfirmPasswordSchema,
  ZOwnAccountSchema,
  ZRecoveryCodesSchema,
  ZStaffSessionSchema,
  ZTwoFactorConfirmSchema,
  ZTwoFactorSetupSchema,
} from '../../shared/schemas/staff.schema';
import {
  beginTwoFactor,
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  endAllOwnSessions,
  endOwnSession,
  listOwnSessions,
  me,
  renewRecoveryCodes,
} from '../services/account.service';
import { router, selfProcedure } from '../trpc/init';

/** The signed-in staff account's own password, sessions and second factor. */
export const accountRouter = router({
  me: selfProcedure.output(ZOwnAccountSchema).query(({ ctx }) => me(ctx)),
  changePassword: selfProcedure
    .input(ZChangePasswordSchema)
    .output(ZOkSchema.extend({ sessionsEnded: z.number().int() }))
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
  sessions: selfProcedure.output(z.array(ZStaffSessionSchema)).query(({ ctx }) => listOwnSessions(ctx)),
  endSession: selfProcedure
    .input(z.object({ id: ZIdSchema }))
    .output(ZOkSchema)
    .mutation(async ({ ctx, input }) => {
      const answer = await endOwnSession(ctx, input.id);
      if (input.id === ctx.session.id) ctx.cookie.clear();
      return answer;
    }),
  endAllSessions: selfProcedure.output(ZOkSchema.extend({ sessionsEnded: z.number().int() })).mutation(async ({ ctx }) => {
    const answer = await endAllOwnSessions(ctx);
    ctx.cookie.clear();
    return answer;
  }),
  twoFactorSetup: selfProcedure.output(ZTwoFactorSetupSchema).mutation(({ ctx }) => beginTwoFactor(ctx)),
  twoFactorConfirm: selfProcedure
    .input(ZTwoFactorConfirmSchema)
    .output(ZRecoveryCodesSchema.extend({ account: ZOwnAccountSchema }))
    .mutation(({ ctx, input }) => confirmTwoFactor(ctx, input)),
  twoFactorDisable: selfProcedure.input(ZConfirmPasswordSchema).output(ZOwnAccountSchema).mutation(({ ctx, input }) => disableTwoFactor(ctx, input.password)),
  recoveryCodes: selfProcedure.input(ZConfirmPasswordSchema).output(ZRecoveryCodesSchema).mutation(({ ctx, input }) => renewRecoveryCodes(ctx, input.password)),
});
