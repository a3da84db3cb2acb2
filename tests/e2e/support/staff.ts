import type { BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_API_TOKEN } from './env';

/** Headers that make an API request a staff request (ADMIN_API_TOKEN), for `request.get(url, { headers })`. */
export function staffHeaders(): Record<string, string> {
  return { authorization: `Bearer ${E2E_API_TOKEN}` };
}

/**
 * Signs a browser context in as staff through the real login (POST /api/admin/login); the
 * HttpOnly session cookie lands in the context, so its pages open /admin signed in.
 * To test the password screen itself, type E2E_ADMIN_PASSWORD into it instead.
 */
export async function signInAsStaff(target: Page | BrowserContext): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  const response = await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  if (!response.ok()) throw new Error(`staff sign-in failed: ${response.status()} ${await response.text()}`);
}
