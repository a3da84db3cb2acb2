import { z } from 'zod';
import { ZObjectPathSchema, ZRequestUploadSchema, ZUploadCheckSchema, ZUploadTargetSchema } from '../../shared/schemas/upload.schema';
import { checkUpload, requestUpload } from '../services/upload.service';
import { rateLimited, router } from '../trpc/init';

export const uploadsRouter = router({
  request: rateLimited('uploads')
    .input(ZRequestUploadSchema)
    .output(ZUploadTargetSchema)
    .mutation(({ ctx, input }) => requestUpload(ctx, input, ctx.request)),
  check: rateLimited('uploads')
    .input(z.object({ objectPath: ZObjectPathSchema }))
    .output(ZUploadCheckSchema)
    .mutation(({ ctx, input }) => checkUpload(ctx, input.objectPath)),
});
