import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import dayjs from 'dayjs';
import { addDays, todayInManila } from '../../src/shared/dates';
import { expect, pdfFile, pngFile, signInAsStaff, staffHeaders } from './support';
import { uploadDocument } from './support/booking';

/**
 * A name, e-mail and phone no other test (or worker) uses: each address and number may hold only
 * two unconfirmed bookings.
 */
export function uniqueRenter(label: string) {
  const tag = randomUUID().slice(0, 8);
  return {
    tag,
    fullName: `${label} Dela Cruz ${tag}`,
    email: `${label.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com`,
    phone: `0917 ${String(parseInt(tag, 16) % 10_000_000).padStart(7, '0')}`,
  };
}

/** A customer recorded by staff through `POST /api/admin/customers` (`fields` as it takes them: the renter, an initial booking...): its answer. */
export async function newCustomerViaApi(request: APIRequestContext, fields: Record<string, unknown>): Promise<{ customer: { id: string }; booking: { id: string; reference: string; carName: string } | null }> {
  const created = await request.post('/api/admin/customers', { data: fields, headers: staffHeaders() });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { customer: { id: string }; booking: { id: string; reference: string; carName: string } | null };
}

/** A booking entered by staff through `POST /api/admin/bookings` (`fields` as it takes them), and paid `paid` pesos when given: its answer. */
export async function newBookingViaApi(request: APIRequestContext, fields: Record<string, unknown>, paid?: string): Promise<{ id: string; reference: string; total: string }> {
  const made = await request.post('/api/admin/bookings', { data: fields, headers: staffHeaders() });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as { id: string; reference: string; total: string };
  if (paid) expect((await request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: paid }, headers: staffHeaders() })).status()).toBe(200);
  return booking;
}

export interface PublicBooking {
  id: string;
  customerId: string;
  carName: string;
  total: string;
  documents: { photoId1Url: string; photoId2Url: string; proofOfBillingUrl: string };
}

/**
 * A booking made the way the public site makes it: three documents uploaded, then
 * POST /api/bookings. Each try picks an available car and a random far-off fortnight, so tests
 * running at the same time do not take each other's days.
 */
export async function bookThroughPublicSite(request: APIRequestContext, renter: { fullName: string; email: string; phone: string }, extra: Record<string, unknown> = {}): Promise<PublicBooking> {
  const documents = {
    photoId1Url: await uploadDocument(request, pngFile('id-front.png')),
    photoId2Url: await uploadDocument(request, pngFile('id-back.png')),
    proofOfBillingUrl: await uploadDocument(request, pdfFile('billing.pdf')),
  };
  const cars = (await (await request.get('/api/cars')).json()) as Array<{ id: string; name: string; available: boolean }>;
  const available = cars.filter((car) => car.available && !/^E2E /.test(car.name));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const car = available[Math.floor(Math.random() * available.length)];
    if (!car) throw new Error('no available car to book');
    const start = 30 + Math.floor(Math.random() * 300);
    const pickupDate = addDays(todayInManila(), start);
    const answer = await request.post('/api/bookings', {
      data: {
        customer: { ...renter, license: 'N01-23-456789', ...documents },
        booking: { carId: car.id, pickupDate, returnDate: addDays(pickupDate, 3), pickupTime: '10:00 AM', ...extra },
      },
    });
    // Those days taken by another test's booking: try others.
    if (answer.status() === 409 && (await answer.text()).includes('no longer available')) continue;
    expect(answer.status(), await answer.text()).toBe(201);
    const body = (await answer.json()) as { booking: { id: string; carName: string; total: string }; customer: { id: string } & PublicBooking['documents'] };
    // the booking keeps its documents under sealed paths of their own
    const { photoId1Url, photoId2Url, proofOfBillingUrl } = body.customer;
    return { id: body.booking.id, customerId: body.customer.id, carName: body.booking.carName, total: body.booking.total, documents: { photoId1Url, photoId2Url, proofOfBillingUrl } };
  }
  throw new Error('could not find free dates for a booking');
}

/** Signs the page's context in and opens a dashboard tab. */
export async function openDashboard(page: Page, tab: 'overview' | 'fleet' | 'bookings' | 'customers' | 'blocked' | 'staff' | 'account' = 'overview'): Promise<void> {
  await signInAsStaff(page);
  await page.goto(tab === 'overview' ? '/admin' : `/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
}

/** The notice (toast) with this text. */
export function notice(page: Page, text: string | RegExp): Locator {
  // The newest: a notice replaced by one with the same words is still leaving (its exit transition).
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
}

/**
 * Picks an option of a Mantine Select by its accessible name. Clicked again when its list did not
 * open, as a person does: the booking form's delivery area, just revealed by its Collapse, once kept
 * its list closed after the first click (seen once in CI; not in 28 runs here, throttled or not).
 */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await select.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await choice.click();
}

/**
 * Picks a 'YYYY-MM-DD' date in one of the dashboard's date fields (Mantine's DatePickerInput):
 * opens its calendar, pages to the date's month and clicks the day, which Mantine names
 * "5 March 2027", then waits for the calendar to close.
 */
export async function pickDate(page: Page, field: Locator, date: string): Promise<void> {
  const shown = (await field.textContent())?.trim();
  await field.click();
  // The calendar opens at the field's month (today's when empty): look only once it is open, then
  // move towards the date's month.
  const step = page.getByRole('button', { name: shown && dayjs(date).isBefore(dayjs(new Date(shown)), 'month') ? 'Previous month' : 'Next month' });
  await expect(step).toBeVisible();
  const day = page.getByRole('button', { name: dayjs(date).format('D MMMM YYYY'), exact: true });
  for (let month = 0; month < 24 && !(await day.isVisible()); month += 1) await step.click();
  await day.click();
  await expect(field).toHaveText(dayjs(date).format('MMMM D, YYYY'));
  // The calendar closes (a transition): until then it covers the fields below it.
  await expect(page.getByRole('button', { name: 'Next month' })).toHaveCount(0);
}
