import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, formatDate, rangesOverlap, todayInManila } from '../../../src/shared/dates';
import type { TCar } from '../../../src/shared/schemas/car.schema';
import { pdfFile, pngFile, type FilePayload } from './files';

/** The public car list, as the site shows it. */
export async function carByName(request: APIRequestContext, name: string): Promise<TCar> {
  const cars = (await (await request.get('/api/cars')).json()) as TCar[];
  const car = cars.find((candidate) => candidate.name === name);
  if (!car) throw new Error(`no car named ${name}`);
  return car;
}

/**
 * A pickup and return date for `car` that no booking holds yet: the first free stretch of `days`
 * nights at least `from` days ahead, with a random start so that concurrent and retried tests
 * rarely reach for the same days.
 */
export async function freeDates(request: APIRequestContext, carId: string, days: number, from = 20): Promise<{ pickup: string; ret: string }> {
  const booked = await bookedRanges(request, carId);
  const today = todayInManila();
  let offset = from + Math.floor(Math.random() * 120);
  for (let tries = 0; tries < 300; tries += 1, offset += 1) {
    const pickup = addDays(today, offset);
    const ret = addDays(pickup, days);
    if (!booked.some((range) => rangesOverlap(range, { start: pickup, end: ret }))) return { pickup, ret };
  }
  throw new Error(`no free ${days}-day stretch for car ${carId}`);
}

/** The calendar's accessible name for a day, e.g. "Tuesday, December 8, 2026", then its states. */
export function dayName(date: string): RegExp {
  return new RegExp(`^${formatDate(date, 'dddd, MMMM D, YYYY')}\\b`);
}

/** The day's button in the rental calendar (visible once its month is shown). */
export function calendarDay(page: Page, date: string): Locator {
  return page.getByTestId('rental-calendar').getByRole('button', { name: dayName(date) });
}

/** Shows the month of `date` in the rental calendar with its Next/Previous month buttons. */
export async function showMonth(page: Page, date: string): Promise<void> {
  const calendar = page.getByTestId('rental-calendar');
  for (let i = 0; i < 16 && !(await calendarDay(page, date).isVisible()); i += 1) {
    const firstShown = (await calendar.locator('button[data-date]:visible').first().getAttribute('data-date')) ?? '';
    await calendar.getByRole('button', { name: date < firstShown ? 'Previous month' : 'Next month' }).click();
  }
  await expect(calendarDay(page, date)).toBeVisible();
}

/** The booked ranges of a car, as the calendar receives them. */
export async function bookedRanges(request: APIRequestContext, carId: string): Promise<Array<{ start: string; end: string }>> {
  return (await (await request.get(`/api/cars/${carId}/booked-dates`)).json()) as Array<{ start: string; end: string }>;
}

/** Clicks the pickup, then the return date on the rental calendar. */
export async function chooseDates(page: Page, pickup: string, ret: string): Promise<void> {
  await showMonth(page, pickup);
  await calendarDay(page, pickup).click();
  await expect(page.getByTestId('calendar-prompt')).toHaveText('Select return date');
  await showMonth(page, ret);
  await calendarDay(page, ret).click();
  await expect(page.getByTestId('calendar-prompt')).toHaveText('Select pickup date');
}

/** A renter no other test uses. */
export function newRenter(label = 'Maria') {
  const tag = randomUUID().slice(0, 8);
  return { fullName: `${label} Santos ${tag}`, email: `${label.toLowerCase()}.${tag}@example.com`, phone: `0917 ${String(parseInt(tag.slice(0, 6), 16) % 10_000_000).padStart(7, '0')}` };
}

/** Fills the renter's details in the booking form. */
export async function fillRenter(form: Locator, renter: { fullName: string; email: string; phone: string }): Promise<void> {
  await form.getByLabel('Full name').fill(renter.fullName);
  await form.getByLabel('E-mail').fill(renter.email);
  await form.getByLabel('Mobile number').fill(renter.phone);
}

/**
 * Through the booking form, as a renter: the three documents chosen one by one (each uploaded
 * before the next), the terms accepted, the booking confirmed. Returns the receipt's dialog.
 */
export async function attachDocumentsAndConfirm(page: Page, form: Locator): Promise<Locator> {
  for (const [label, file] of [['Photo ID #1', pngFile('license.png')], ['Photo ID #2', pngFile('umid.png')], ['Proof of Billing', pdfFile('bill.pdf')]] as const) {
    await form.getByLabel(label, { exact: true }).setInputFiles(file);
    await expect(form.getByRole('button', { name: `Replace ${label}` })).toBeVisible();
  }
  await form.getByLabel(/I have read and accept the rental terms/).check();
  await form.getByRole('button', { name: 'Confirm Booking' }).click();
  return page.getByRole('dialog', { name: 'Booking Receipt' });
}

/** Uploads a document through the public flow (POST /api/objects/upload, then PUT), as the booking form does. */
export async function uploadDocument(request: APIRequestContext, file: FilePayload): Promise<string> {
  const ask = await request.post('/api/objects/upload', { data: { kind: 'document', contentType: file.mimeType, size: file.buffer.length } });
  expect(ask.status(), await ask.text()).toBe(200);
  const target = (await ask.json()) as { uploadURL: string; objectPath: string; headers: Record<string, string> };
  const put = await request.put(target.uploadURL, { headers: { ...target.headers, 'content-type': file.mimeType }, data: file.buffer });
  expect(put.status(), await put.text()).toBe(200);
  return target.objectPath;
}

/** The three documents a booking needs, uploaded. */
export async function uploadDocuments(request: APIRequestContext): Promise<{ photoId1Url: string; photoId2Url: string; proofOfBillingUrl: string }> {
  return {
    photoId1Url: await uploadDocument(request, pngFile('id-front.png')),
    photoId2Url: await uploadDocument(request, pngFile('id-back.png')),
    proofOfBillingUrl: await uploadDocument(request, pdfFile('billing.pdf')),
  };
}

/** Books `carId` from `pickup` to `ret` with the public site's own call, for a new renter. */
export async function bookViaApi(request: APIRequestContext, carId: string, pickup: string, ret: string, renter = newRenter('Jose')): Promise<{ id: string }> {
  const answer = await request.post('/api/bookings', {
    data: { customer: { ...renter, ...(await uploadDocuments(request)) }, booking: { carId, pickupDate: pickup, returnDate: ret } },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { booking: { id: string } }).booking;
}

/** A car of its own for a test, added through the staff API (a unique name, so no other test books it). */
export async function newCarViaApi(request: APIRequestContext, headers: Record<string, string>, overrides: Record<string, unknown> = {}): Promise<TCar> {
  const answer = await request.post('/api/admin/cars', {
    headers,
    data: { name: `E2E Car ${randomUUID().slice(0, 8)}`, category: 'Compact Sedan', dailyRate: '1900', deposit: '3500', seats: 5, image: 'vios.jpg', ...overrides },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as TCar;
}

/** Chooses pick-up and return in the date search's calendar (opened from its date fields). */
export async function chooseSearchDates(page: Page, search: Locator, pickup: string, ret: string): Promise<void> {
  await search.getByTestId('search-pickup').click();
  const dialog = page.getByRole('dialog', { name: 'Choose your rental dates' });
  await expect(dialog).toBeVisible();
  for (const date of [pickup, ret]) {
    const day = dialog.getByRole('button', { name: dayName(date) });
    for (let i = 0; i < 16 && !(await day.isVisible()); i += 1) await dialog.getByRole('button', { name: 'Next month' }).click();
    await day.click();
  }
  await dialog.getByRole('button', { name: 'Use These Dates' }).click();
  await expect(dialog).toBeHidden();
}
