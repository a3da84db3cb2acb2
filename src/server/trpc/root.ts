import { accountRouter } from '../routers/account.router';
import { adminRouter } from '../routers/admin.router';
import { blocklistRouter } from '../routers/blocklist.router';
import { bookingsRouter } from '../routers/bookings.router';
import { carsRouter } from '../routers/cars.router';
import { contactRouter } from '../routers/contact.router';
import { customersRouter } from '../routers/customers.router';
import { myBookingRouter } from '../routers/myBooking.router';
import { siteRouter } from '../routers/site.router';
import { staffRouter } from '../routers/staff.router';
import { uploadsRouter } from '../routers/uploads.router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  cars: carsRouter,
  bookings: bookingsRouter,
  myBooking: myBookingRouter,
  customers: customersRouter,
  blocklist: blocklistRouter,
  contact: contactRouter,
  uploads: uploadsRouter,
  admin: adminRouter,
  account: accountRouter,
  staff: staffRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
