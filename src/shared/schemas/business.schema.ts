import { z } from 'zod';
import type { TBusinessInfo } from '../business';

/** The garage's details as `site.info` and `GET /api/site` answer them. */
export const ZBusinessInfoSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  phonePrimary: z.string(),
  phoneSecondary: z.string(),
  email: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  mapsUrl: z.string(),
  hours: z.string(),
  facebookUrl: z.string(),
  deposit: z.string().regex(/^\d+\.\d{2}$/).describe('The security deposit collected at pick-up, in pesos, unless a car has its own'),
}) satisfies z.ZodType<TBusinessInfo>;
