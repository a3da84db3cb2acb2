import type { APIRequestContext } from '@playwright/test';
import { FLEET } from '../../src/server/db/seeders/fleet';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { expect, expectTextWhole, manageLinkIn, test, waitForMail } from './support';
import { bookViaApi, freeDates, newRenter } from './support/booking';

/**
 * The renter's pages, in English and Filipino, light and dark, at a 320 px phone's width (or a
 * 375 px one's at a larger text size), a common phone's, a tablet's and laptops': no word is cut by
 * the box it is in or runs past the screen's side, no button or field is cut, and each field holds
 * its value and every choice whole (clippedText says where).
 */
const WIDTHS = [320, 390, 768, 1024, 1440];

/**
 * The seeded fleet's bookable car with the longest name: the one with the least room on its pages.
 * Not a car another spec made for itself, which it may change or delete meanwhile, or whose name is
 * longer than any car's on purpose (car-search.spec's, whose breadcrumb is cut by design).
 */
async function longestNamedCar(request: APIRequestContext): Promise<TCar> {
  const seeded = new Set(FLEET.map((seed) => seed.name));
  const cars = (await (await request.get('/api/cars')).json()) as TCar[];
  const fleet = cars.filter((car) => car.available && seeded.has(car.name));
  return fleet.reduce((longest, car) => (car.name.length > longest.name.length ? car : longest));
}

for (const [language, prefix] of [
  ['English', ''],
  ['Filipino', '/fil'],
] as const) {
  test.describe(`in ${language}`, () => {
    test(`the home page shows its text whole at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      await expectTextWhole(page, `${prefix}/`, WIDTHS, { ready: (on) => expect(on.locator('#about')).toBeVisible() });
    });

    test(`a car's page shows its text whole at ${WIDTHS.join(', ')} px`, async ({ page, request }) => {
      const car = await longestNamedCar(request);
      await expectTextWhole(page, `${prefix}/cars/${car.slug}`, WIDTHS, { ready: (on) => expect(on.getByTestId('book-car')).toBeVisible() });
    });

    test(`the booking page, with a car chosen for dates, shows its text whole at ${WIDTHS.join(', ')} px`, async ({ page, request }) => {
      test.slow();
      const car = await longestNamedCar(request);
      const { pickup, ret } = await freeDates(request, car.id, 3);
      await expectTextWhole(page, `${prefix}/booking?car=${car.id}&pickup=${pickup}&return=${ret}`, WIDTHS, {
        // The list's other cars are the chosen one's component with other names: cars other specs
        // add meanwhile, one of them with a name longer than any car's on purpose, which the list
        // cuts after two lines by design.
        exempt: '[data-testid="vehicle-option"]:not([data-selected])',
        ready: async (on) => {
          await expect(on.locator('[data-testid="vehicle-option"][data-selected]').getByTestId('vehicle-total')).toBeVisible();
          await expect(on.getByTestId('booking-submit')).toBeVisible();
        },
      });
    });

    test(`a renter's booking page shows its text whole at ${WIDTHS.join(', ')} px`, async ({ page, request }) => {
      const car = await longestNamedCar(request);
      // Later days than the booking page's test, which looks for the same car free on its own.
      const { pickup, ret } = await freeDates(request, car.id, 2, 200);
      const renter = newRenter('Narrow');
      await bookViaApi(request, car.id, pickup, ret, renter);
      const link = new URL(manageLinkIn(await waitForMail((mail) => mail.to.includes(renter.email))));
      await expectTextWhole(page, `${prefix}${link.pathname}${link.hash}`, WIDTHS, { ready: (on) => expect(on.getByTestId('my-booking-reference')).toBeVisible() });
    });
  });
}
