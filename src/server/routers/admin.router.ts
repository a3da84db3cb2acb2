import { ZAuditPageSchema, ZAuditQuerySchema, ZLoginSchema, ZOverviewSchema, ZScheduleQuerySchema, ZScheduleSchema, ZSessionStateSchema } from '../../shared/schemas/admin.schema';
import { listAudit, overview, schedule } from '../services/admin.service';
import { login, logout, sessionState } from '../services/session.service';
import { adminProcedure, publicProcedure, router } from '../trpc/init';

export const adminRouter = router({
  session: publicProcedure.output(ZSessionStateSchema).query(({ ctx }) => sessionState(ctx)),
  login: publicProcedure
    .meta({ rateLimit: 'login', sparesKnownDevices: true })
    .input(ZLoginSchema)
    .output(ZSessionStateSchema)
    .mutation(({ ctx, input }) => login(ctx, input)),
  logout: publicProcedure.output(ZSessionStateSchema).mutation(({ ctx }) => logout(ctx)),
  overview: adminProcedure.output(ZOverviewSchema).query(({ ctx }) => overview(ctx)),
  schedule: adminProcedure.input(ZScheduleQuerySchema.prefault({})).output(ZScheduleSchema).query(({ ctx, input }) => schedule(ctx, input)),
  audit: adminProcedure.input(ZAuditQuerySchema.prefault({})).output(ZAuditPageSchema).query(({ ctx, input }) => listAudit(ctx, input)),
});
