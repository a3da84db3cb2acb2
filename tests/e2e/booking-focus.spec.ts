import type { Locator, Page } from '@playwright/test';
import { messages } from '../../src/shared/messages';
import { test, expect, expectHydrated, pngFile } from './support';

const FIRST_FIELD = 'Full name';

/** The colour a field's placeholder is painted in. */
function placeholderColor(field: Locator): Promise<string> {
  return field.evaluate((input) => getComputedStyle(input, '::placeholder').color);
}

/** The element that has the focus, by its accessible name (aria-label, or the label's text). */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active) return null;
    const labelled = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? null;
    return labelled?.replace(/\s*\*\s*$/, '').trim() ?? null;
  });
}

test.describe('choosing a car', () => {
  test('"Select This Car" on the home page puts the focus on the booking form’s first field', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('car-card').filter({ has: page.getByRole('button', { name: 'Select This Car' }) });
    await cards.first().getByRole('button', { name: 'Select This Car' }).click();
    const form = page.getByTestId('booking-form');
    await expect(form.getByLabel(FIRST_FIELD)).toBeFocused();

    // Another car chosen from the fleet: the focus comes back to the form, which keeps what was typed.
    await form.getByLabel(FIRST_FIELD).fill('Lorna Aquino');
    await cards.nth(1).getByRole('button', { name: 'Select This Car' }).click();
    await expect(form.getByLabel(FIRST_FIELD)).toBeFocused();
    await expect(form.getByLabel(FIRST_FIELD)).toHaveValue('Lorna Aquino');
  });

  test('a car chosen from /booking’s list puts the focus on the form; a car named by the address does not take it', async ({ page }) => {
    await page.goto('/booking');
    const options = page.locator('[data-testid="vehicle-option"]:not(:disabled)');
    await options.first().click();
    await expect(page.getByTestId('booking-form').getByLabel(FIRST_FIELD)).toBeFocused();
    await options.nth(2).click();
    await expect(page.getByTestId('booking-form').getByLabel(FIRST_FIELD)).toBeFocused();

    // Opened from a link, the page leaves the focus where the visitor starts: at the top.
    await page.reload();
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await expect(page.getByTestId('booking-form').getByLabel(FIRST_FIELD)).not.toBeFocused();
  });
});

test.describe('the booking form', () => {
  async function openForm(page: Page): Promise<Locator> {
    await page.goto('/booking');
    await page.locator('[data-testid="vehicle-option"]:not(:disabled)').first().click();
    const form = page.getByTestId('booking-form');
    await expect(form.getByLabel(FIRST_FIELD)).toBeFocused();
    return form;
  }

  test('sent without dates, the form takes the focus to the calendar, named by its title and described by what is missing', async ({ page }) => {
    const form = await openForm(page);
    await form.getByLabel(FIRST_FIELD).fill('Lorna Aquino');
    await form.getByLabel('E-mail').fill('lorna.aquino@example.com');
    await form.getByLabel('Mobile number').fill('0917 555 0199');
    await form.getByLabel(/I have read and accept the rental terms/).check();
    await form.getByRole('button', { name: 'Confirm Booking' }).press('Enter');
    const calendar = form.getByRole('group', { name: 'Select Rental Dates' });
    await expect(calendar).toBeFocused();
    await expect(calendar).toHaveAccessibleDescription(messages.validation.pickupDate);
  });

  test('each group of service cards is one tab stop; the arrow keys move and choose within it', async ({ page }) => {
    const form = await openForm(page);
    const driver = form.getByRole('radiogroup', { name: 'Driver service' });
    const distance = form.getByRole('radiogroup', { name: 'Additional distance services' });
    await expect(driver.getByRole('radio')).toHaveCount(3);
    await expect(distance.getByRole('radio')).toHaveCount(3);

    // Tab enters each group on its chosen card and leaves it with the next Tab.
    await driver.getByRole('radio', { checked: true }).focus();
    expect(await focusedName(page)).toBe('Self Drive Only');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Staying in Pangasinan');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('checkbox', { name: /Deliver the car to my address/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Staying in Pangasinan');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Self Drive Only');

    // The arrows move to the next card and choose it; the group's tab stop follows the choice.
    await page.keyboard.press('ArrowRight');
    const within = driver.getByRole('radio', { name: 'With Driver - Within Pangasinan' });
    await expect(within).toBeFocused();
    await expect(within).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Staying in Pangasinan');
    await page.keyboard.press('Shift+Tab');
    await expect(within).toBeFocused();
    await expect(driver.locator('[tabindex="0"]')).toHaveCount(1);
  });

  test('a document chosen from its slot’s button, which has the keyboard’s focus, leaves the focus on that slot’s button once uploaded', async ({ page }) => {
    const form = await openForm(page);
    const upload = form.getByRole('button', { name: 'Upload Photo ID #1' });
    // Reached with Tab, as a person would: on screen, so its part of the form has hydrated.
    await upload.scrollIntoViewIfNeeded();
    await expect(upload).toBeEnabled();
    await expectHydrated(upload);
    await upload.focus();
    // The file handed over as the chooser the button opens hands it (the chooser itself is the browser's).
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(pngFile('license.png'));
    // The button gives way to the progress bar while the file uploads, then comes back as Replace, with the focus.
    await expect(form.getByRole('button', { name: 'Replace Photo ID #1' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Upload Photo ID #2' })).toBeFocused();
  });

  test('a field with an error keeps its placeholder dimmed, unlike a value typed in', async ({ page }) => {
    const form = await openForm(page);
    const fullName = form.getByLabel(FIRST_FIELD);
    const license = form.getByLabel("Driver's license number (optional)");
    const dimmed = await placeholderColor(license);
    await form.getByTestId('booking-submit').click();
    await expect(form.getByText('Full name is required')).toBeVisible();
    await expect(fullName).toHaveAttribute('aria-invalid', 'true');
    // The example in an empty field with an error is as dim as in any other field...
    expect(await placeholderColor(fullName)).toBe(dimmed);
    // ... and not the colour a value in that field is written in.
    expect(await fullName.evaluate((input) => getComputedStyle(input).color)).not.toBe(dimmed);
  });
});

test.describe('the keyboard', () => {
  test('a field reached with Tab shows a 2 px ring, as a button does, not only a border of another colour', async ({ page }) => {
    await page.goto('/');
    const seats = page.getByTestId('date-search').getByRole('combobox', { name: 'Seats' });
    await page.getByTestId('search-return').focus();
    await page.keyboard.press('Tab');
    await expect(seats).toBeFocused();
    await expect(seats).toHaveCSS('outline-style', 'solid');
    await expect(seats).toHaveCSS('outline-width', '2px');
  });
});
