import { addDays, formatLongDate, todayInManila } from '../../src/shared/dates';
import { formatPeso } from '../../src/shared/money';
import { computePrice } from '../../src/shared/pricing';
import { clippedText, expect, expectFocusWithin, query, staffHeaders, test } from './support';
import { attachDocumentsAndConfirm, bookViaApi, calendarDay, carByName, chooseDates, chooseSearchDates, fillRenter, freeDates, newCarViaApi, newRenter, showMonth } from './support/booking';

test.describe('finding a car by dates', () => {
  test('a renter goes from dates to a confirmed booking without opening a car’s calendar; a booked car is not offered', async ({ page, request }) => {
    test.slow();
    const free = await newCarViaApi(request, staffHeaders(), { category: 'Van', seats: 15, dailyRate: '3600', deposit: '8000' });
    const taken = await newCarViaApi(request, staffHeaders(), { category: 'Van', seats: 15, dailyRate: '3400' });
    const { pickup, ret } = await freeDates(request, free.id, 3, 150);
    // Someone else holds the second van on the last day of the range: it is not free for the whole range.
    await bookViaApi(request, taken.id, ret, addDays(ret, 2));

    await page.goto('/');
    const search = page.getByTestId('date-search');
    await chooseSearchDates(page, search, pickup, ret);
    await search.getByLabel('Seats').selectOption('15');
    await search.getByLabel('Type of car').selectOption({ label: 'Van' });
    await search.getByRole('button', { name: 'Book Now' }).click();

    await expect(page).toHaveURL(new RegExp(`/booking\\?pickup=${pickup}&return=${ret}&seats=15&category=Van$`));
    const list = page.locator('#vehicle-list');
    await expect(list.getByRole('heading', { name: /free for your dates/ })).toBeVisible();
    const option = list.getByTestId('vehicle-option').filter({ hasText: free.name });
    await expect(option).toBeVisible();
    await expect(list.getByTestId('vehicle-option').filter({ hasText: taken.name })).toHaveCount(0);
    // Each result with the total for the range, by the same pricing as the booking.
    const expected = computePrice({ dailyRate: free.dailyRate, pickupDate: pickup, returnDate: ret });
    await expect(option.getByTestId('vehicle-total')).toContainText(`${formatPeso(expected.total)} total for 3 days`);
    for (const text of await list.getByTestId('vehicle-option').allTextContents()) expect(text).toContain('15 seats');

    // Choosing it opens the form with the car and those dates chosen, and the address says so.
    await option.click();
    await expect(page).toHaveURL(new RegExp(`car=${free.id}`));
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(form.getByTestId('summary-return')).toHaveText(formatLongDate(ret));
    await expect(form.getByTestId('price-summary-total')).toHaveText(formatPeso(expected.total));
    await expect(form.getByTestId('price-summary-deposit')).toContainText('₱8,000');

    const renter = newRenter('Lorna');
    await fillRenter(form, renter);
    const receipt = await attachDocumentsAndConfirm(page, form);
    await expect(receipt.getByTestId('receipt-pickup')).toHaveText(formatLongDate(pickup));
    await expect(receipt.getByTestId('receipt-price-total')).toHaveText(formatPeso(expected.total));
    await expect(receipt.getByTestId('receipt-price-deposit')).toContainText('₱8,000');
    const [stored] = await query<{ car_id: string; pickup_date: string; return_date: string; deposit: string }>(
      `select b.car_id, b.pickup_date::text, b.return_date::text, b.deposit::text from booking b where b.renter_email = $1`,
      [renter.email],
    );
    expect(stored).toEqual({ car_id: free.id, pickup_date: pickup, return_date: ret, deposit: '8000.00' });
  });

  test('the search needs both dates, and keeps its choices in the address', async ({ page }) => {
    await page.goto('/booking');
    const search = page.getByTestId('date-search');
    await search.getByRole('button', { name: 'Find Cars' }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose your rental dates' });
    await expectFocusWithin(calendar);
    await page.keyboard.press('Escape');
    await expect(search.getByRole('alert')).toHaveText('Choose your pick-up and return dates to see which cars are free.');
    // Closed unchosen, the calendar gives the focus back to what opened it (its first opening too).
    await expect(search.getByRole('button', { name: 'Find Cars' })).toBeFocused();
    await search.getByTestId('search-pickup').click();
    await expectFocusWithin(calendar);
    await page.keyboard.press('Escape');
    await expect(search.getByTestId('search-pickup')).toBeFocused();

    const pickup = addDays(todayInManila(), 40);
    await page.goto(`/booking?pickup=${pickup}&return=${addDays(pickup, 2)}&transmission=Manual&sort=price`);
    const list = page.locator('#vehicle-list');
    await expect(list.getByRole('heading', { name: /free for your dates/ })).toBeVisible();
    await expect(search.getByLabel('Transmission')).toHaveValue('Manual');
    const totals = (await list.getByTestId('vehicle-total').allTextContents()).map((text) => Number(text.replace(/^₱([\d,]+).*$/s, '$1').replace(/,/g, '')));
    expect(totals.length).toBeGreaterThan(1);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const text of await list.getByTestId('vehicle-option').allTextContents()) expect(text).toContain('Manual');
    await list.getByLabel('Sort by').selectOption('seats');
    await expect(page).toHaveURL(/sort=seats/);
  });

  test('a home page category card searches its categories', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('category-card').filter({ hasText: 'SUVs & Trucks' }).click();
    await expect(page).toHaveURL(/\/booking\?category=Premium\+SUV%2CAdventure\+SUV%2CPickup\+Truck$/);
    const options = page.locator('#vehicle-list').getByTestId('vehicle-option');
    await expect(options.first()).toBeVisible();
    for (const text of await options.allTextContents()) expect(text).toMatch(/Premium SUV|Adventure SUV|Pickup Truck/);
    await expect(page.getByTestId('date-search').getByLabel('Type of car')).toHaveValue('Premium SUV,Adventure SUV,Pickup Truck');
  });
});

test.describe('the booking form’s address', () => {
  test('preselects the car and the dates; taken, past or unreadable dates are explained, not dropped', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Innova 2.8 E');
    const { pickup, ret } = await freeDates(request, car.id, 2, 60);
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(form.getByTestId('summary-return')).toHaveText(formatLongDate(ret));
    await expect(calendarDay(page, pickup)).toHaveAttribute('aria-pressed', 'true');

    // Changing them on the calendar changes the address.
    const other = await freeDates(request, car.id, 4, 90);
    await chooseDates(page, other.pickup, other.ret);
    await expect(page).toHaveURL(new RegExp(`pickup=${other.pickup}&return=${other.ret}`));

    // Dates someone else has since booked.
    await bookViaApi(request, car.id, pickup, ret);
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const message = page.getByTestId('calendar-message');
    await expect(message).toContainText(`The dates in your link (${formatLongDate(pickup)} – ${formatLongDate(ret)}) cannot be booked.`);
    await expect(message).toContainText('This car is already booked on some of those days.');
    await expect(form.getByTestId('summary-pickup')).toHaveText('Not selected');

    // A past pick-up, and a parameter that cannot be read.
    const yesterday = addDays(todayInManila(), -1);
    await page.goto(`/booking?car=${car.id}&pickup=${yesterday}&return=${addDays(yesterday, 3)}&seats=lots`);
    await expect(page.getByTestId('calendar-message')).toContainText('The pick-up date cannot be in the past');
    await expect(page.getByTestId('search-unreadable')).toContainText('seats');

    // A car that cannot be booked.
    await page.goto(`/booking?car=00000000-0000-4000-8000-000000000000&pickup=${pickup}`);
    await expect(page.getByTestId('car-unavailable')).toBeVisible();
  });
});

test.describe('a page per car', () => {
  test('a car card opens the car’s page, whose calendar prices the dates and books them', async ({ page, request }) => {
    const car = await carByName(request, 'Mitsubishi Xpander GLS');
    await page.goto('/');
    await page.getByTestId('car-card').filter({ hasText: car.name }).getByRole('link', { name: car.name }).click();
    await expect(page).toHaveURL(`/cars/${car.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
    await expect(page).toHaveTitle(`${car.name} for Rent in Alaminos City | Hundred Islands Car Rental`);
    await expect(page.getByTestId('car-deposit')).toContainText(formatPeso(car.deposit));
    await expect(page.getByTestId('car-gallery-main')).toHaveAttribute('src', /\/cars\/xpander\.svg$/);

    const { pickup, ret } = await freeDates(request, car.id, 5, 30);
    // The calendar is drawn when it comes near the screen.
    await page.getByTestId('car-availability').scrollIntoViewIfNeeded();
    await chooseDates(page, pickup, ret);
    await expect(page.getByTestId('car-quote-total')).toHaveText(formatPeso(computePrice({ dailyRate: car.dailyRate, pickupDate: pickup, returnDate: ret }).total));
    await page.getByTestId('book-dates').click();
    await expect(page).toHaveURL(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    await expect(page.getByTestId('booking-form').getByTestId('summary-return')).toHaveText(formatLongDate(ret));
  });

  test('shows its booked days, and an unknown car is the 404 page', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Camry 2.5 V');
    const { pickup, ret } = await freeDates(request, car.id, 2, 45);
    await bookViaApi(request, car.id, pickup, ret);
    await page.goto(`/cars/${car.slug}`);
    await page.getByTestId('car-availability').scrollIntoViewIfNeeded();
    await showMonth(page, pickup);
    await expect(calendarDay(page, pickup)).toBeDisabled();

    const missing = await page.goto('/cars/no-such-car');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('a car with a long name, on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('its page stays within the screen: the breadcrumb cuts the name, the heading has it whole', async ({ page, request }) => {
    const name = `Toyota Land Cruiser Prado 2.8 Diesel VX Premium Limited Edition ${Date.now()}`;
    const car = await newCarViaApi(request, staffHeaders(), { name });
    await page.goto(`/cars/${car.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const crumb = page.getByLabel('Breadcrumb').locator('[aria-current="page"]');
    await expect(crumb).toHaveText(name);
    const box = (await crumb.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

for (const width of [390, 768, 992, 1024, 1200, 1440]) {
  test.describe(`the home page’s search on a ${width} px screen`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [language, path] of [
      ['English', '/'],
      ['Filipino', '/fil/'],
    ] as const) {
      test(`shows its dates’ and choices’ words whole, in ${language}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByTestId('search-submit')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        expect(await clippedText(page.getByTestId('date-search'))).toEqual([]);
      });
    }
  });
}
