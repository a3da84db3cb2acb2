import type { BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_API_TOKEN } from './env';

/** Headers that make an API request a staff request (ADMIN_API_TOKEN), for `request.get(url, { headers })`. */
export function staffHeaders(): Record<string, string> {
  return { authorization: `Bearer ${E2E_API_TOKEN}` };
}

/**
 * Signs a browser context in through the real login (POST /api/admin/login {email, password}); the
 * HttpOnly session cookie lands in the context, so its pages open /admin signed in.
 */
export async function signInAs(target: Page | BrowserContext, email: string, password: string): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  const response = await context.request.post('/api/admin/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`staff sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs a browser context in as the main owner (ADMIN_EMAIL, ADMIN_PASSWORD), who may do
 * everything in the dashboard. To test the sign-in screen itself, type them into it instead.
 */
export async function signInAsStaff(target: Page | BrowserContext): Promise<void> {
  await signInAs(target, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
}
