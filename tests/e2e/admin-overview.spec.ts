import { randomUUID } from 'node:crypto';
import { addDays, formatLongDate, todayInManila } from '../../src/shared/dates';
import { formatPeso } from '../../src/shared/money';
import { telHref } from '../../src/shared/business';
import { expect, query, staffHeaders, test } from './support';
import { bookThroughPublicSite, newBookingViaApi, newCustomerViaApi, openDashboard, uniqueRenter } from './admin-helpers';
import { newCarViaApi } from './support/booking';

interface Figures {
  cars: string;
  available: string;
  bookings: string;
  pending: string;
  customers: string;
  earnings: string;
  pendingRevenue: string;
}

/** The five figures as the database has them right now, written as the overview shows them. */
async function figuresInDatabase(): Promise<Figures> {
  const [row] = await query<Record<string, string>>(`
    select (select count(*) from car)::text as cars,
      (select count(*) from car where available)::text as available,
      (select count(*) from booking)::text as bookings,
      (select count(*) from booking where status = 'pending')::text as pending,
      (select count(*) from customer)::text as customers,
      (select coalesce(sum(total), 0) from booking where status = 'completed')::numeric(14,2)::text as earnings,
      (select coalesce(sum(total), 0) from booking where status in ('pending', 'confirmed'))::numeric(14,2)::text as pending_revenue`);
  return {
    cars: row!.cars!,
    available: `${row!.available} available`,
    bookings: row!.bookings!,
    pending: `${row!.pending} pending`,
    customers: row!.customers!,
    earnings: formatPeso(row!.earnings!),
    pendingRevenue: formatPeso(row!.pending_revenue!),
  };
}

test('the overview’s figures match the data, including a booking this test completes', async ({ page }) => {
  const renter = uniqueRenter('Overview');
  const booking = await bookThroughPublicSite(page.request, renter);
  const completed = await page.request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'completed' }, headers: staffHeaders() });
  expect(completed.status(), await completed.text()).toBe(200);
  const [{ earnings }] = (await query<{ earnings: string }>("select coalesce(sum(total), 0)::numeric(14,2)::text as earnings from booking where status = 'completed'")) as [{ earnings: string }];
  expect(Number(earnings)).toBeGreaterThanOrEqual(Number(booking.total));
  // Public bookings start a month or more ahead: a walk-in staff recorded, picked up 40 days ago,
  // puts revenue into the chart's last twelve months.
  const [car] = await query<{ id: string }>("select id from car where name not like 'E2E %' order by random() limit 1");
  const walkIn = uniqueRenter('Walkin');
  const pickupDate = addDays(todayInManila(), -40);
  await newCustomerViaApi(page.request, {
    fullName: walkIn.fullName,
    email: walkIn.email,
    phone: walkIn.phone,
    initialBooking: { carId: car!.id, pickupDate, returnDate: addDays(pickupDate, 2), total: '4000', status: 'completed' },
  });

  await openDashboard(page, 'overview');
  const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
  const note = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-note');
  // Other tests add data at the same time: read the page and the database until they agree.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Fleet Management' }).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(value('cars')).toBeVisible();
    const expected = await figuresInDatabase();
    const shown: Figures = {
      cars: (await value('cars').textContent())!,
      available: (await note('cars').textContent())!,
      bookings: (await value('bookings').textContent())!,
      pending: (await note('bookings').textContent())!,
      customers: (await value('customers').textContent())!,
      earnings: (await value('earnings').textContent())!,
      pendingRevenue: (await value('pending-revenue').textContent())!,
    };
    expect(shown).toEqual(expected);
  }).toPass({ timeout: 20_000 });

  // The first five of each, as the spec says (fewer only while the database has fewer).
  const [counts] = await query<{ bookings: number; cars: number }>('select (select count(*) from booking)::int as bookings, (select count(*) from car)::int as cars');
  await expect(page.getByTestId('recent-booking')).toHaveCount(Math.min(5, counts!.bookings));
  await expect(page.getByTestId('fleet-status')).toHaveCount(Math.min(5, counts!.cars));
  expect(counts!.cars).toBeGreaterThanOrEqual(5);
  const [completedCount] = await query<{ count: string }>("select count(*)::text as count from booking where status = 'completed'");
  await expect(async () => {
    await page.getByRole('tab', { name: 'Fleet Management' }).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    const [now] = await query<{ count: string }>("select count(*)::text as count from booking where status = 'completed'");
    await expect(page.getByTestId('status-count-completed')).toHaveText(`Completed: ${now!.count}`);
  }).toPass({ timeout: 20_000 });
  expect(Number(completedCount!.count)).toBeGreaterThanOrEqual(1);
  const revenue = page.getByRole('figure', { name: 'Revenue by Month' });
  await expect(revenue.locator('.recharts-surface').first()).toBeVisible();
  // The chart's figures are also a table for screen readers: twelve months, oldest first.
  await expect(revenue.getByRole('row')).toHaveCount(13);
});

test('the activity log shows the latest changes and loads older ones on demand, each change once', async ({ page }) => {
  // Sixty-five changes a second apart, all an hour after the newest change recorded so far, so the
  // first pages are theirs whatever the other tests record meanwhile (a minute ahead of now left the
  // last five in the past, among the changes other tests were making). Removed at the end: the other
  // tests look for their own changes on the log's first page.
  const word = uniqueRenter('Activity').fullName;
  const marker = randomUUID();
  await query(
    `insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
     select gen_random_uuid(), (select greatest(now(), max(at)) from audit_entry) + interval '1 hour' - make_interval(secs => i), 'e2e', 'blocked_name.create', 'blocked_name', $2, null,
       jsonb_build_object('fullName', $1::text || ' #' || i)
     from generate_series(1, 65) as i`,
    [word, marker],
  );
  try {
    await openDashboard(page);
    await page.getByRole('button', { name: 'Activity Log' }).click();
    const drawer = page.getByRole('dialog', { name: 'Activity Log' });
    const entries = drawer.getByTestId('audit-entry');
    await expect(entries).toHaveCount(30);
    await expect(entries.first()).toContainText(`Blocked ${word} #1`);
    await expect(drawer.getByText('The latest 30 changes')).toBeVisible();

    await drawer.getByRole('button', { name: 'Show older changes' }).click();
    await expect(entries).toHaveCount(60);
    await drawer.getByRole('button', { name: 'Show older changes' }).click();
    await expect(entries.nth(64)).toBeVisible();
    const ours = (await entries.allTextContents()).filter((text) => text.includes(word));
    expect(ours).toHaveLength(65);
    expect(ours.map((text) => Number(/#(\d+)/.exec(text)![1]))).toEqual(Array.from({ length: 65 }, (_, i) => i + 1));
  } finally {
    await query('delete from audit_entry where entity_id = $1', [marker]);
  }
});

test('the day’s pick-ups and returns show who comes for which car, when, and what is left to collect', async ({ page }) => {
  await openDashboard(page, 'overview');
  const car = await newCarViaApi(page.request, {}, { dailyRate: '2000' });
  const renter = uniqueRenter('Tomorrow');
  const tomorrow = addDays(todayInManila(), 1);
  const booking = await newBookingViaApi(
    page.request,
    { customerEmail: renter.email, customerName: renter.fullName, customerPhone: renter.phone, carId: car.id, pickupDate: tomorrow, returnDate: addDays(tomorrow, 2), pickupTime: '3:00 PM', status: 'confirmed', total: '4000' },
    '1500',
  );

  await page.reload();
  const schedule = page.getByRole('region', { name: 'Pick-ups and Returns' });
  await expect(schedule.getByTestId('schedule-date')).toHaveText(formatLongDate(todayInManila()));
  await expect(schedule.getByTestId('schedule-pickup').filter({ hasText: booking.reference })).toHaveCount(0);
  await schedule.getByText('Tomorrow', { exact: true }).click();
  await expect(schedule.getByTestId('schedule-date')).toHaveText(formatLongDate(tomorrow));
  const row = schedule.getByTestId('schedule-pickup').filter({ hasText: booking.reference });
  await expect(row).toContainText('3:00 PM');
  await expect(row).toContainText(car.name);
  await expect(row).toContainText(renter.fullName);
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText(`${formatPeso('2500')} to collect`);
  // The deposit is collected at pick-up too, besides the total.
  await expect(row).toContainText(/\+ ₱[\d,]+ deposit/);
  await expect(row.getByRole('link', { name: `Call ${renter.fullName}, ${renter.phone}` })).toHaveAttribute('href', telHref(renter.phone));
  // Its return is two days later, not tomorrow.
  await expect(schedule.getByTestId('schedule-return').filter({ hasText: booking.reference })).toHaveCount(0);
  // Its reference opens it in the bookings tab.
  await row.getByRole('link', { name: `Open booking ${booking.reference}` }).click();
  await expect(page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' })).toHaveValue(booking.reference);
  await expect(page.getByTestId('booking-card')).toHaveCount(1);
  await expect(page.getByTestId('booking-reference')).toHaveText(booking.reference);
});
