import { z } from 'zod';

/** The body of every REST error. */
export const ZErrorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional().describe('Quote it when reporting a fault (500)'),
});
