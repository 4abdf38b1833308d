/* global document */
// Shared helpers for the browser tests: the system Chromium driven by playwright-core.
import { chromium } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-1',
};
export const MAIL_API = process.env.E2E_MAIL_API;

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh context (no shared cookies or storage) and page; failing requests to other hosts are blocked. */
export async function newPage(browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: BASE });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  waitForHydrationAfterLoads(page);
  return page;
}

/**
 * True once the page's React tree owns its DOM: at once for pages the browser renders itself,
 * after hydration for the prerendered ones (/ and /contact), whose HTML is on screen earlier.
 * React marks every node it manages with a `__reactFiber$…` property.
 */
export function isHydrated() {
  const first = document.getElementById('root')?.firstElementChild;
  return !first || Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Makes goto and reload wait until a prerendered page is hydrated, so a test's first click or
 * keystroke reaches React, as a visitor's would a moment later, instead of the static HTML.
 */
function waitForHydrationAfterLoads(page) {
  for (const method of ['goto', 'reload']) {
    const original = page[method].bind(page);
    page[method] = async (...args) => {
      const response = await original(...args);
      await page.waitForFunction(isHydrated);
      return response;
    };
  }
}

export async function api(path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export async function adminToken() {
  const res = await api('/api/login', { method: 'POST', body: ADMIN });
  return res.body.authToken;
}

export async function loginThroughForm(page, username, password) {
  await page.goto('/auth');
  await page.getByLabel(/username or email/i).fill(username);
  await page
    .getByLabel(/^password$/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

/** A toast by its title (Radix also mirrors toasts into a live region, so match the visible one). */
export function toast(page, title) {
  return page.getByText(title, { exact: true }).first();
}

export function uniq(prefix) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
