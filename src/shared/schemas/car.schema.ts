import { z } from 'zod';
import { todayInManila } from '../dates';
import { messages } from '../messages';
import { formatPeso, toCentavos } from '../money';
import { CAR_CATEGORIES, CAR_SORTS, FUELS, MAX_SEATS, TRANSMISSIONS, carCategoryOf, odometerReading, odometerKilometres, type CarCategory } from '../cars';
import { OCCUPYING_STATUSES } from './booking.schema';
import { ZIdSchema, ZIsoDateSchema, ZMoneyOutSchema, ZMoneySchema, ZPositiveMoneySchema, fromQueryDigits, requiredText, text, whenAbsent, wholeNumber, type LazyMessage } from './common.schema';

const v = messages.validation;

export { CAR_CATEGORIES, CAR_SORTS, FUELS, MAX_SEATS, TRANSMISSIONS, carCategoryOf, odometerKilometres } from '../cars';
export type { CarCategory, CarSort } from '../cars';

/** The highest daily rate a car may have, so that every total fits the database's numeric(12,2). */
export const MAX_DAILY_RATE = '1000000.00';

/** The highest security deposit a car may ask for. */
export const MAX_DEPOSIT = '1000000.00';

/** The most pictures a car may have; the first is its cover. */
export const MAX_CAR_IMAGES = 12;

export const CAR_DEFAULTS = {
  seats: 5,
  transmission: 'Automatic',
  fuel: 'Gas',
  available: true,
} as const;

export const ZCarSchema = z.object({
  id: ZIdSchema,
  slug: z.string().describe('The car page is /cars/{slug}; it follows the name, and a former slug redirects there'),
  name: z.string(),
  category: z.enum(CAR_CATEGORIES),
  dailyRate: ZMoneyOutSchema,
  deposit: ZMoneyOutSchema.describe('Refundable security deposit collected at pick-up (cash or card hold), never online; "0.00" when the car has none of its own and the garage\'s applies (GET /api/site, `deposit`)'),
  seats: z.number().int(),
  transmission: z.enum(TRANSMISSIONS),
  fuel: z.enum(FUELS),
  image: z.string().describe('The cover picture: the first of `images`'),
  images: z.array(z.string()).describe('Every picture, the cover first'),
  imageUrl: z.string().describe('Where to fetch the cover picture, a path on this site: an uploaded picture\'s /objects/public/..., or one of the pictures the site comes with, /cars/<name>.svg'),
  imageUrls: z.array(z.string()).describe('Where to fetch each of `images`, in their order'),
  description: z.string(),
  descriptionFil: z.string().describe('The description in Filipino, shown on the /fil pages; empty: they show `description`'),
  mileage: z.string().describe('The odometer reading, e.g. "18,400 km"'),
  year: z.number().int(),
  plateNumber: z.string(),
  available: z.boolean(),
});
export type TCar = z.infer<typeof ZCarSchema>;

/** This year in the garage's zone (Asia/Manila). */
const currentYear = () => Number(todayInManila().slice(0, 4));

/** Form fields send '' for a field left blank. */
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A category from the list, in any case. */
const ZCategorySchema = z
  .string({ error: whenAbsent(() => v.category) })
  .trim()
  .min(1, { error: () => v.category })
  .transform((name, ctx) => {
    const category = carCategoryOf(name);
    if (!category) ctx.addIssue({ code: 'custom', message: v.categoryUnknown({ categories: CAR_CATEGORIES.join(', ') }) });
    return category ?? z.NEVER;
  })
  .meta({ type: 'string', enum: [...CAR_CATEGORIES] });

/** The daily rate: missing or blank says it is required; anything else is read as an amount. */
const ZDailyRateSchema = z
  .unknown()
  .refine((value) => !isBlank(value), { error: () => v.dailyRate })
  .pipe(ZPositiveMoneySchema)
  .refine((rate) => toCentavos(rate) <= toCentavos(MAX_DAILY_RATE), { error: () => v.dailyRateTooHigh({ max: formatPeso(MAX_DAILY_RATE) }) })
  .meta({ type: ['string', 'number'], description: 'Pesos, e.g. "1800" or 1800.50, at most 1000000.00' });

/** The security deposit in pesos; blank is none. */
const ZDepositSchema = z
  .preprocess((value) => (isBlank(value) ? '0' : value), ZMoneySchema)
  .refine((amount) => toCentavos(amount) >= 0, { error: () => v.depositNegative })
  .refine((amount) => toCentavos(amount) <= toCentavos(MAX_DEPOSIT), { error: () => v.depositTooHigh({ max: formatPeso(MAX_DEPOSIT) }) })
  .meta({ type: ['string', 'number'], description: 'Pesos; blank or 0: the garage\'s deposit applies' });

/** An odometer reading in kilometres ("18400", "18,400 km"), kept as "18,400 km"; blank when unknown. */
const ZOdometerSchema = text()
  .max(60, { error: () => v.tooLong({ max: 60 }) })
  .refine((reading) => reading === '' || odometerKilometres(reading) !== null, { error: () => v.odometer })
  .transform((reading) => (reading === '' ? '' : odometerReading(odometerKilometres(reading)!)));

/** A picture: an /objects/public/... path from a car-image upload, or a bundled picture name. */
const ZCarImageSchema = text('one', () => messages.errors.carImageRequired).min(1, { error: () => messages.errors.carImageRequired }).max(300);
const ZCarImagesSchema = z
  .array(ZCarImageSchema, { error: () => messages.errors.carImageRequired })
  .max(MAX_CAR_IMAGES, { error: () => v.tooManyImages({ max: MAX_CAR_IMAGES }) })
  .refine((images) => new Set(images).size === images.length, { error: () => v.sameImageTwice });

/** The car fields an admin edits. No defaults here, so the partial update schema stays partial. */
const ZCarFieldsSchema = z.object({
  name: requiredText(() => v.carName, 120),
  category: ZCategorySchema,
  dailyRate: ZDailyRateSchema,
  deposit: ZDepositSchema,
  seats: z.coerce.number({ error: () => v.seats }).int({ error: () => v.seats }).min(1, { error: () => v.seats }).max(MAX_SEATS, { error: () => v.seats }),
  transmission: z.enum(TRANSMISSIONS),
  fuel: z.enum(FUELS),
  /** The spec's single picture: alone, it is a one-picture list; on a change, it replaces the cover. */
  image: ZCarImageSchema.describe('The cover picture (the spec’s field): alone it stands for `images: [image]`'),
  images: ZCarImagesSchema.describe('Every picture in order, the cover first (at most 12)'),
  description: text('many').max(2000),
  descriptionFil: text('many').max(2000),
  mileage: ZOdometerSchema.describe('Odometer reading in km, e.g. "18,400 km"'),
  year: z.coerce.number({ error: () => v.year }).int({ error: () => v.year }).min(1980, { error: () => v.year }).refine((year) => year <= currentYear() + 1, { error: () => v.year }),
  plateNumber: text().toUpperCase().max(20),
  available: z.boolean(),
});

/** A new car: `images`, or the spec's `image`, is required; the answer's `image` is the first of `images`. */
export const ZCreateCarSchema = ZCarFieldsSchema.extend({
  deposit: ZCarFieldsSchema.shape.deposit.default('0.00'),
  seats: ZCarFieldsSchema.shape.seats.default(CAR_DEFAULTS.seats),
  transmission: ZCarFieldsSchema.shape.transmission.default(CAR_DEFAULTS.transmission),
  fuel: ZCarFieldsSchema.shape.fuel.default(CAR_DEFAULTS.fuel),
  image: ZCarFieldsSchema.shape.image.optional(),
  images: ZCarFieldsSchema.shape.images.optional(),
  description: ZCarFieldsSchema.shape.description.default(''),
  descriptionFil: ZCarFieldsSchema.shape.descriptionFil.default(''),
  mileage: ZCarFieldsSchema.shape.mileage.default(''),
  year: ZCarFieldsSchema.shape.year.default(currentYear),
  plateNumber: ZCarFieldsSchema.shape.plateNumber.default(''),
  available: ZCarFieldsSchema.shape.available.default(CAR_DEFAULTS.available),
})
  .superRefine(
    (car, ctx) => {
      // Run even when other fields failed (so a form shows every missing field): the input may be anything.
      if (typeof car !== 'object' || car === null) return;
      const listed = Array.isArray(car.images) ? car.images : undefined;
      if (car.image === undefined && !listed?.length) ctx.addIssue({ code: 'custom', message: messages.errors.carImageRequired, path: [listed ? 'images' : 'image'] });
      else if (car.image && listed?.length && listed[0] !== car.image) ctx.addIssue({ code: 'custom', message: v.imageNotCover, path: ['image'] });
    },
    { when: () => true },
  )
  .transform(({ image, images, ...car }) => ({ ...car, images: images?.length ? images : [image!] }))
  // One of two fields is more than JSON Schema's `required` says: the document names both ways.
  .meta({ anyOf: [{ required: ['image'] }, { required: ['images'], properties: { images: { minItems: 1 } } }] });
export type TCreateCar = z.infer<typeof ZCreateCarSchema>;
export type TCreateCarInput = z.input<typeof ZCreateCarSchema>;

/** A change: fields left out keep their value. `image` alone replaces the cover and keeps the other pictures. */
export const ZUpdateCarSchema = ZCarFieldsSchema.partial()
  .superRefine((car, ctx) => {
    if (car.images && car.images.length === 0) ctx.addIssue({ code: 'custom', message: messages.errors.carImageRequired, path: ['images'] });
    if (car.image && car.images?.length && car.images[0] !== car.image) ctx.addIssue({ code: 'custom', message: v.imageNotCover, path: ['image'] });
  });
export type TUpdateCar = z.infer<typeof ZUpdateCarSchema>;

/** A booking of a car that is still to come or under way (pending or confirmed, not yet returned). */
export const ZOpenBookingOfCarSchema = z.object({
  id: ZIdSchema,
  reference: z.string(),
  renterName: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  status: z.enum(OCCUPYING_STATUSES),
});
export type TOpenBookingOfCar = z.infer<typeof ZOpenBookingOfCarSchema>;

/** The answer to a change: the car, and when the change took it out of service, the bookings it still holds. */
export const ZUpdateCarAnswerSchema = ZCarSchema.extend({
  openBookings: z
    .array(ZOpenBookingOfCarSchema)
    .optional()
    .describe(
      'Only when this change took the car out of service (`available` true → false): its bookings still to come or under way, by pick-up date. Taking a car out of service stops new bookings only; these stay as they are for staff to move or cancel',
    ),
});
export type TUpdateCarAnswer = z.infer<typeof ZUpdateCarAnswerSchema>;

export const ZBookedRangeSchema = z.object({
  start: z.string().describe('First occupied day, YYYY-MM-DD'),
  end: z.string().describe('Last occupied day (the return date), YYYY-MM-DD'),
});
export type TBookedRange = z.infer<typeof ZBookedRangeSchema>;

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** One category or several, comma-separated ("Premium SUV,Adventure SUV"), in any case. */
const ZCategoryListSchema = z
  .union([z.string(), z.array(z.string())], { error: () => v.categoryUnknown({ categories: CAR_CATEGORIES.join(', ') }) })
  .transform((value, ctx) => {
    const names = (Array.isArray(value) ? value : value.split(',')).map((name) => name.trim()).filter(Boolean);
    const categories = names.map(carCategoryOf);
    if (!names.length || categories.some((category) => category === null)) {
      ctx.addIssue({ code: 'custom', message: v.categoryUnknown({ categories: CAR_CATEGORIES.join(', ') }) });
      return z.NEVER;
    }
    return [...new Set(categories as CarCategory[])];
  })
  .meta({ type: 'string', description: `One or more of ${CAR_CATEGORIES.join(', ')}, comma-separated` });

/** Optional filters of the date search, as query parameters or tRPC input; blank is none. */
export const ZCarFiltersSchema = z.object({
  seats: fromQueryDigits(wholeNumber(1, MAX_SEATS, () => v.seatsFilter).optional()).describe('At least this many seats'),
  transmission: z.preprocess(blankToUndefined, z.enum(TRANSMISSIONS, { error: () => v.transmission }).optional()),
  category: z.preprocess(blankToUndefined, ZCategoryListSchema.optional()),
});
export type TCarFilters = z.infer<typeof ZCarFiltersSchema>;

/** The rental range's rules that need no clock (the past and a year ahead are the service's, by the garage's today). */
function checkRange(range: { pickupDate?: string | undefined; returnDate?: string | undefined }, ctx: z.RefinementCtx) {
  const { pickupDate, returnDate } = range;
  if (!pickupDate || !returnDate) return;
  if (returnDate <= pickupDate) ctx.addIssue({ code: 'custom', message: v.returnAfterPickup, path: ['returnDate'] });
}

const ZSearchDateSchema = (message: LazyMessage) => z.string({ error: whenAbsent(message) }).trim().min(1, { error: message }).pipe(ZIsoDateSchema);

const ZSearchShape = ZCarFiltersSchema.extend({
  pickupDate: ZSearchDateSchema(() => v.pickupDate).describe('First day of the rental, YYYY-MM-DD (Asia/Manila)'),
  returnDate: ZSearchDateSchema(() => v.returnDate).describe('Return day, YYYY-MM-DD: occupied too, as for bookings'),
  sort: z.preprocess(blankToUndefined, z.enum(CAR_SORTS, { error: () => v.sort }).optional()).describe('price: lowest total first; seats: most seats first; none: the fleet’s order'),
});

/** `cars.search` and `GET /api/cars?pickupDate=&returnDate=`: the cars free for the whole range (both days included). */
export const ZCarSearchSchema = ZSearchShape.superRefine(checkRange);
export type TCarSearch = z.infer<typeof ZCarSearchSchema>;

/** The names of the search's own query parameters: any of them asks for a search, which needs both dates. */
export const CAR_SEARCH_PARAMS = ['pickupDate', 'returnDate', 'seats', 'transmission', 'category', 'sort'] as const;

/**
 * `GET /api/cars`: without search parameters the fleet as it always was (other parameters are
 * ignored); with any of them, a search, which needs both dates.
 */
export const ZCarListQuerySchema = ZSearchShape.extend({
  pickupDate: ZSearchShape.shape.pickupDate.optional(),
  returnDate: ZSearchShape.shape.returnDate.optional(),
}).superRefine((query, ctx) => {
  if (!CAR_SEARCH_PARAMS.some((name) => query[name] !== undefined)) return;
  if (!query.pickupDate) ctx.addIssue({ code: 'custom', message: v.pickupDate, path: ['pickupDate'] });
  if (!query.returnDate) ctx.addIssue({ code: 'custom', message: v.returnDate, path: ['returnDate'] });
  checkRange(query, ctx);
});
export type TCarListQuery = z.infer<typeof ZCarListQuerySchema>;

/** What a rental of the range costs, from the shared pricing module (no driver, distance or delivery). */
export const ZQuoteSchema = z.object({
  totalDays: z.number().int(),
  subtotal: ZMoneyOutSchema,
  insurance: ZMoneyOutSchema,
  total: ZMoneyOutSchema,
});

export const ZCarSearchResultSchema = ZCarSchema.extend({ quote: ZQuoteSchema });
export type TCarSearchResult = z.infer<typeof ZCarSearchResultSchema>;

export { carBadge } from '../carBadge';
