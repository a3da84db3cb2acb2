import { ZBusinessInfoSchema } from '../../shared/schemas/business.schema';
import { publicProcedure, router } from '../trpc/init';

export const siteRouter = router({
  info: publicProcedure.output(ZBusinessInfoSchema).query(({ ctx }) => ctx.deps.business),
});
