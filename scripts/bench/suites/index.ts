import type { Suite } from '../suite';
import { bookedDatesSuite } from './booked-dates';
import { bookingsSuite } from './bookings';
import { bundleSuite } from './bundle';
import { carsSuite } from './cars';
import { lighthouseSuite } from './lighthouse';
import { pagesSuite } from './pages';
import { scaleSuite } from './scale';

/** Every suite, in the order `npm run bench` runs them; `npm run bench -- <name> ...` picks some. */
export const suites: Suite[] = [bundleSuite, lighthouseSuite, carsSuite, bookedDatesSuite, pagesSuite, bookingsSuite, scaleSuite];
