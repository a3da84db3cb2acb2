import { ZAuditPageSchema, ZAuditQuerySchema, ZLoginSchema, ZOverviewSchema, ZSessionStateSchema } from '../../shared/schemas/admin.schema';
import { listAudit, overview } from '../services/admin.service';
import { signIn, signOut } from '../services/session.service';
import { adminProcedure, publicProcedure, rateLimited, router } from '../trpc/init';

export const adminRouter = router({
  session: publicProcedure.output(ZSessionStateSchema).query(({ ctx }) => ({ authenticated: ctx.actor !== null })),
  login: rateLimited('login')
    .input(ZLoginSchema)
    .output(ZSessionStateSchema)
    .mutation(async ({ ctx, input }) => {
      const { token } = await signIn(ctx.em, ctx.deps, input.password, ctx.request);
      ctx.cookie.set(token);
      return { authenticated: true };
    }),
  logout: publicProcedure.output(ZSessionStateSchema).mutation(async ({ ctx }) => {
    if (ctx.cookie.token) await signOut(ctx.em, ctx.cookie.token);
    ctx.cookie.clear();
    return { authenticated: false };
  }),
  overview: adminProcedure.output(ZOverviewSchema).query(({ ctx }) => overview(ctx)),
  audit: adminProcedure.input(ZAuditQuerySchema.prefault({})).output(ZAuditPageSchema).query(({ ctx, input }) => listAudit(ctx, input)),
});
