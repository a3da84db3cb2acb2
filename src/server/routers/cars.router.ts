import { z } from 'zod';
import { ZBookedRangeSchema, ZCarSchema, ZCarSearchResultSchema, ZCarSearchSchema, ZCreateCarSchema, ZUpdateCarAnswerSchema, ZUpdateCarSchema } from '../../shared/schemas/car.schema';
import { ZIdSchema } from '../../shared/schemas/common.schema';
import { bookedDates, createCar, deleteCar, getCar, listCars, searchCars, updateCar } from '../services/car.service';
import { adminProcedure, ownerProcedure, publicProcedure, router } from '../trpc/init';

export const carsRouter = router({
  list: publicProcedure.output(z.array(ZCarSchema)).query(({ ctx }) => listCars(ctx)),
  search: publicProcedure.input(ZCarSearchSchema).output(z.array(ZCarSearchResultSchema)).query(({ ctx, input }) => searchCars(ctx, input)),
  byId: publicProcedure.input(z.object({ id: ZIdSchema })).output(ZCarSchema).query(({ ctx, input }) => getCar(ctx, input.id)),
  bookedDates: publicProcedure
    .input(z.object({ carId: ZIdSchema }))
    .output(z.array(ZBookedRangeSchema))
    .query(({ ctx, input }) => bookedDates(ctx, input.carId)),
  create: adminProcedure.input(ZCreateCarSchema).output(ZCarSchema).mutation(({ ctx, input }) => createCar(ctx, input)),
  update: adminProcedure
    .input(z.object({ id: ZIdSchema, data: ZUpdateCarSchema }))
    .output(ZUpdateCarAnswerSchema)
    .mutation(({ ctx, input }) => updateCar(ctx, input.id, input.data)),
  delete: ownerProcedure.input(z.object({ id: ZIdSchema })).mutation(({ ctx, input }) => deleteCar(ctx, input.id)),
});
