// Helpers for the admin browser tests (admin-*.test.mjs).
import { ADMIN, BASE, DESKTOP, api, adminToken, newPage, signInWithToken } from './support.mjs';

let cachedToken = null;
/** One login for the whole file: logins are rate limited. */
export async function staffToken() {
  cachedToken ??= await adminToken();
  if (!cachedToken) throw new Error('admin login failed');
  return cachedToken;
}

/** A page already logged in as the seeded admin (its session in the httpOnly cookie). */
export async function adminPage(browser, viewport = DESKTOP) {
  const token = await staffToken();
  const page = await newPage(browser, viewport);
  await signInWithToken(page, token);
  return page;
}

export async function createViaApi(path, body) {
  const token = await staffToken();
  const res = await api(path, { method: 'POST', body, token });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The spec's date format: 'Jan 5, 2024'. */
export const SHORT_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** A valid 1×1 PNG, for uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The toast (antd notification) with this title. */
export function toast(page, title) {
  return page.locator('.ant-notification-notice').filter({ hasText: title }).first();
}

export { ADMIN, BASE };
