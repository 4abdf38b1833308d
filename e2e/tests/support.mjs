/* global document */
// Shared helpers for the browser tests: the system Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before } from 'node:test';
import { chromium, errors } from 'playwright-core';
import { CHROMIUM } from '../../scripts/lib.mjs';
import { stereoWav } from '../../scripts/wav.mjs';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-1',
};
export const MAIL_API = process.env.E2E_MAIL_API;
export const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL;
/** The STRIPE_WEBHOOK_SECRET e2e/run.mjs gives the backend. */
const WEBHOOK_SECRET = 'whsec_e2e';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
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

/**
 * A fresh context (no shared cookies or storage) and page; failing requests to other hosts are
 * blocked. `options` go to the context (e.g. `{ isMobile: true, hasTouch: true }` for a phone's
 * touch screen, `storageState` to carry a session over).
 */
/**
 * One Chromium for the tests of a describe block: launched before the first test, closed after
 * the last. Call it in the describe body; the tests read `.browser` once the hook has run.
 */
export function useBrowser() {
  const held = { browser: null };
  before(async () => {
    held.browser = await launch();
  });
  after(() => held.browser?.close());
  return held;
}

export async function newPage(browser, viewport = DESKTOP, options = {}) {
  // The person at the browser asks for less motion, so the admin's dialogs open without their
  // zoom: on two busy cores a click could land while a dialog was still growing and miss its
  // button. A test about motion itself sets the preference it needs (page.emulateMedia).
  const context = await browser.newContext({ viewport, baseURL: BASE, reducedMotion: 'reduce', ...options });
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

/**
 * The checks of the browser tests: each waits for `locator` to reach a state, as `waitFor` does
 * (up to `timeout`, the page's default timeout when none is given), and asserts that it did, so a
 * failure reads as the expectation that failed ("expected … to be visible") rather than as a
 * timeout. `waitFor` alone stays for waits that only come before an action.
 */
export function expectVisible(locator, options) {
  return expectState(locator, 'visible', options);
}

/** Checks that `locator` is hidden, or not on the page at all (a dialog closed, a hint went). */
export function expectHidden(locator, options) {
  return expectState(locator, 'hidden', options);
}

/** Checks that `locator` is no longer in the DOM (a row removed, a chip cleared). */
export function expectDetached(locator, options) {
  return expectState(locator, 'detached', options);
}

async function expectState(locator, state, { timeout } = {}) {
  const reached = await locator.waitFor({ state, timeout }).then(
    () => true,
    (err) => {
      if (err instanceof errors.TimeoutError) return false;
      throw err;
    },
  );
  assert.ok(reached, `expected ${locator} to be ${state}${timeout ? ` within ${timeout} ms` : ''}`);
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

/**
 * Signs a page's browser in with a token an API login returned, as the httpOnly session cookie
 * (the app keeps no token in storage; the server accepts a session's bearer token there too).
 */
export async function signInWithToken(page, token) {
  await page
    .context()
    .addCookies([{ name: 'authToken', value: token, url: BASE, httpOnly: true, sameSite: 'Strict' }]);
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

/** A 16-bit 48 kHz stereo WAV of a tone. */
export function wav(seconds = 1, freq = 440) {
  return stereoWav(seconds, (i) => Math.sin((2 * Math.PI * freq * i) / 48000) * 12000);
}

/** Delivers a Stripe event signed the way Stripe signs them. */
export async function sendWebhook(type, object) {
  const t = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: uniq('evt_e2e_'),
    object: 'event',
    type,
    api_version: '2025-08-27.basil',
    created: t,
    livemode: false,
    data: { object },
  });
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const res = await fetch(`${BASE}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  assert.equal(res.status, 200, await res.text());
}

/**
 * The first mail in the mail catcher to `address` whose subject matches (the `nth`, counting
 * from 1, when several do); waits up to 20 s.
 */
export async function mailTo(address, subject, nth = 1) {
  for (let i = 0; i < 80; i++) {
    const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
    const found = inbox.filter((m) => m.to?.some((t) => t.address === address) && subject.test(m.subject))[
      nth - 1
    ];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}
