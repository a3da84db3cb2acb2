import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, expect, signInAsStaff, test } from './support';
import { notice } from './admin-helpers';

test.describe('staff sign-in', () => {
  test('a wrong password is refused with "Access Denied", the focus back in the emptied password field', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeDisabled();
    await page.getByLabel('E-mail').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await expect(button).toBeEnabled();
    await page.getByLabel('Password', { exact: true }).press('Enter');

    const denied = notice(page, 'Access Denied');
    await expect(denied).toBeVisible();
    await expect(denied).toContainText('Incorrect e-mail or password. Please try again.');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    // The password is cleared and has the focus again, with the reason beside it, to type it again at once.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription('Incorrect e-mail or password. Please try again.');
    expect((await page.request.get('/api/admin/session')).ok()).toBe(true);
    expect(await (await page.request.get('/api/admin/session')).json()).toEqual({ authenticated: false });
  });

  test('the right password signs in, the session survives a reload, and Logout ends it on the server', async ({ page, context }) => {
    await page.goto('/admin');
    await page.getByLabel('E-mail').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(notice(page, 'Access Granted')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
    // The sign-in form went away with the focus it held: the dashboard takes it, so Tab starts there.
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Fleet Management', 'Bookings', 'Customers', 'Blocked Names', 'Staff', 'My Account']);
    await expect(page.getByTestId('signed-in-as')).toHaveText(/Signed in as\s*Owner\s*Owner/);
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toMatch(/auth|admin/i);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
    await expect(page.getByTestId('stat-cars')).toBeVisible();

    const cookies = await context.cookies();
    const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect((await page.request.get('/api/admin/bookings', { headers: { cookie: cookieHeader } })).status()).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(notice(page, 'Logged Out')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

    // The old cookie no longer opens anything: the session ended on the server, not just in the page.
    const stale = await page.request.fetch('/api/admin/bookings', { headers: { cookie: cookieHeader } });
    expect(stale.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  });

  test('an expired session returns to the password screen with a notice', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/admin');
    await expect(page.getByTestId('stat-cars')).toBeVisible();
    // The session ends on the server while the dashboard is open (as after 12 hours idle).
    expect((await page.request.post('/api/admin/logout')).ok()).toBe(true);

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const expired = notice(page, 'Session Expired');
    await expect(expired).toBeVisible();
    await expect(expired).toContainText('Your session has expired. Please sign in again.');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  });
});

test.describe('code splitting', () => {
  test('the public home page downloads no dashboard code; /admin does', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /admin/i.test(path))).toEqual([]);

    await page.getByRole('link', { name: 'Admin' }).first().click();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    expect(scripts.filter((path) => /admin/i.test(path)).length).toBeGreaterThan(0);
  });
});
