import { z } from 'zod';
import type { TBusinessInfo } from '../business';

const ZWalletSchema = z.object({ name: z.string(), number: z.string() });

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
  facebookUrl: z.string().nullable().describe('The garage\'s Facebook page (BUSINESS_FACEBOOK_URL), null when not set'),
  messengerUrl: z.string().nullable().describe('Messenger link to the garage (BUSINESS_MESSENGER_URL), null when not set'),
  viberNumber: z.string().nullable().describe('The garage\'s Viber number (BUSINESS_VIBER_NUMBER), null when not set'),
  gcash: ZWalletSchema.nullable().describe('GCash account for a reservation fee sent ahead (BUSINESS_GCASH_NAME, BUSINESS_GCASH_NUMBER), null when not set'),
  maya: ZWalletSchema.nullable().describe('Maya account for a reservation fee sent ahead (BUSINESS_MAYA_NAME, BUSINESS_MAYA_NUMBER), null when not set'),
  deposit: z.string().regex(/^\d+\.\d{2}$/).describe('The security deposit collected at pick-up, in pesos, unless a car has its own'),
}) satisfies z.ZodType<TBusinessInfo>;
