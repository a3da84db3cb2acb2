import { z } from 'zod';
import { ZContactSchema } from '../../shared/schemas/contact.schema';
import { sendContactMessage } from '../services/contact.service';
import { rateLimited, router } from '../trpc/init';

export const contactRouter = router({
  send: rateLimited('contact')
    .input(ZContactSchema)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => sendContactMessage(ctx, input)),
});
