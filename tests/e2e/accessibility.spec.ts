import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { test, expect, manageLinkIn, staffHeaders, waitForMail } from './support';
import { bookThroughPublicSite, uniqueRenter } from './admin-helpers';
import { calendarDay, chooseDates, freeDates, showMonth } from './support/booking';

/** The public pages, each with something that shows it has rendered. */
const PAGES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/', ready: async (page) => expect(page.getByTestId('car-card').first()).toBeVisible() },
  { path: '/pcc', ready: async (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/terms', ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible() },
  { path: '/privacy', ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible() },
  { path: '/no-such-page', ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible() },
  { path: '/find-booking', ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible() },
  // Without a link's token: the page says where to find it.
  { path: '/my-booking', ready: async (page) => expect(page.getByRole('heading', { level: 1, name: 'Open your booking from its e-mail' })).toBeVisible() },
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    for (const { path, ready } of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page, checkA11y }) => {
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
        await checkA11y({ label: `${path} ${scheme}` });
      });
    }

    test('the contact form showing its errors has no serious or critical violations', async ({ page, checkA11y }) => {
      await page.goto('/#contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Required Fields Missing' })).toBeVisible();
      await checkA11y({ include: ['#contact', '.mantine-Notifications-root'], label: `contact errors ${scheme}` });
    });

    test('the booking form with a car chosen, dates picked and its errors shown has no serious or critical violations', async ({ page, request, checkA11y }) => {
      await page.goto('/booking');
      await page.getByTestId('vehicle-option').first().click();
      await expect(page.getByTestId('booking-form')).toBeVisible();
      await page.getByTestId('booking-form').getByLabel('Deliver the car to my address').check();
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Full name is required')).toBeVisible();
      await expect(page.getByTestId('documents-error')).toBeVisible();
      await checkA11y({ label: `booking form errors ${scheme}` });

      // The calendar with a range chosen, then with a refused return and its hint.
      const carId = new URL(page.url()).searchParams.get('car')!;
      const { pickup, ret } = await freeDates(request, carId, 3);
      await chooseDates(page, pickup, ret);
      await showMonth(page, pickup);
      await calendarDay(page, pickup).click();
      await showMonth(page, addDays(pickup, 120));
      await calendarDay(page, addDays(pickup, 120)).click();
      await expect(page.getByTestId('calendar-message')).toBeVisible();
      await checkA11y({ include: ['[data-testid="rental-calendar"]'], label: `booking calendar ${scheme}` });
    });

    test('Find my booking with its errors, then its answer, has no serious or critical violations', async ({ page, checkA11y }) => {
      await page.goto('/find-booking');
      await page.getByRole('button', { name: 'Send me the link' }).click();
      await expect(page.getByText(messages.validation.reference)).toBeVisible();
      await checkA11y({ label: `find booking errors ${scheme}` });
      await page.getByLabel('Booking reference').fill('HI-7K3QPX');
      await page.getByLabel('E-mail address').fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send me the link' }).click();
      await expect(page.getByTestId('find-booking-sent')).toBeVisible();
      await checkA11y({ label: `find booking sent ${scheme}` });
    });

    test('a renter’s booking page, with a document to send and the cancel question open, has no serious or critical violations', async ({ page, request, checkA11y }) => {
      const renter = uniqueRenter('Axe');
      const booking = await bookThroughPublicSite(request, renter, { wantsDelivery: true, deliveryArea: 'lingayen', deliveryAddress: 'Barangay Poblacion, Lingayen' });
      const asked = await request.post(`/api/admin/bookings/${booking.id}/document-request`, { headers: staffHeaders(), data: { field: 'proofOfBillingUrl', note: 'The bill is not in your name.' } });
      expect(asked.status(), await asked.text()).toBe(200);
      const mail = await waitForMail((m) => m.to.includes(renter.email) && m.subject.startsWith('Please send a new Proof of Billing'));
      await page.goto(manageLinkIn(mail));
      await expect(page.getByTestId('document-request')).toBeVisible();
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(page.getByRole('button', { name: 'Yes, cancel my booking' })).toBeVisible();
      await checkA11y({ label: `my booking ${scheme}` });
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

      test('the open mobile menu has no serious or critical violations', async ({ page, checkA11y }) => {
        await page.goto('/pcc');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog').getByRole('link', { name: 'Call Now' })).toBeVisible();
        await checkA11y({ label: `mobile menu ${scheme}` });
      });
    });
  });
}
