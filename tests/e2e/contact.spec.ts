import { randomUUID } from 'node:crypto';
import { DEFAULT_BUSINESS } from '../../src/shared/business';
import { test, expect, query, waitForMail } from './support';

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#contact');
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
  });

  test('sends an enquiry: "Message Sent!", a stored row and a mail to the garage', async ({ page }) => {
    const marker = `e2e-${randomUUID()}`;
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Reyes');
    await form.getByLabel('E-mail').fill('ana.reyes@example.com');
    await form.getByLabel('Phone (optional)').fill('0917 555 0101');
    await form.getByRole('combobox', { name: 'Subject (optional)' }).click();
    await page.getByRole('option', { name: 'VIP Booking' }).click();
    await expect(form.getByText('VIP bookings include a professional driver')).toBeVisible();
    await form.getByLabel('Message').fill(`Do you have a van for 12 people next month? ${marker}`);
    await form.getByRole('button', { name: 'Send Message' }).press('Enter');

    await expect(page.getByRole('alert').filter({ hasText: 'Message Sent!' })).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('');
    // Sent from the keyboard: the focus, which the button lost while it sent, is on the emptied form.
    await expect(form.getByLabel('First name')).toBeFocused();

    const rows = await query('select first_name, last_name, email, phone, subject from contact_message where message like $1', [`%${marker}`]);
    expect(rows).toEqual([{ first_name: 'Ana', last_name: 'Reyes', email: 'ana.reyes@example.com', phone: '0917 555 0101', subject: 'VIP Booking' }]);

    const mail = await waitForMail((m) => m.text.includes(marker));
    expect(mail.to).toContain(DEFAULT_BUSINESS.email);
    expect(mail.text).toContain('ana.reyes@example.com');
  });

  test('refuses an incomplete form with "Required Fields Missing" and stores nothing', async ({ page }) => {
    const marker = `e2e-${randomUUID().slice(0, 8)}`;
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('First name').fill(marker);
    await form.getByRole('button', { name: 'Send Message' }).click();

    const notice = page.getByRole('alert').filter({ hasText: 'Required Fields Missing' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Please fill in all required fields.');
    await expect(form.getByText('Last name is required')).toBeVisible();
    expect(await query('select id from contact_message where first_name = $1', [marker])).toEqual([]);
  });

  test('a refused form sent with the keyboard takes the focus to its first field with an error, which names that error', async ({ page }) => {
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('First name').fill('Ana');
    await form.getByRole('button', { name: 'Send Message' }).focus();
    await page.keyboard.press('Enter');
    const lastName = form.getByRole('textbox', { name: 'Last name' });
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(lastName).toHaveAccessibleDescription('Last name is required');
  });
});
