import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN,
  PHONE,
  api,
  expectVisible,
  loginThroughForm,
  newPage,
  toast,
  uniq,
  useBrowser,
} from './support.mjs';

describe('foundation: shell, remotes and the admin gate', () => {
  const chrome = useBrowser();

  it('renders the header and footer on /', async () => {
    const page = await newPage(chrome.browser);
    await page.goto('/');
    const header = page.locator('header');
    for (const link of [
      'Pricing',
      'What If',
      'Services',
      'About',
      'Portfolio',
      'Testimonials',
      'Blog',
      'Newsletter',
    ]) {
      await expectVisible(header.getByRole('link', { name: link, exact: true }).first());
    }
    assert.equal(
      await header.getByRole('link', { name: 'Book & Pay', exact: true }).getAttribute('href'),
      '/services-checkout',
    );
    assert.equal(
      await header.getByRole('link', { name: 'Free Mix', exact: true }).getAttribute('href'),
      '/contact',
    );
    const footer = page.locator('footer');
    assert.match(await footer.innerText(), new RegExp(`${new Date().getFullYear()}`));
    await expectVisible(footer.getByRole('link', { name: /terms/i }));
    await expectVisible(footer.getByRole('link', { name: /privacy/i }));
    await page.context().close();
  });

  it('uses a toggle menu under 768px with the highlighted booking links', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await expectVisible(page.getByRole('link', { name: 'Book & Pay Now' }));
    await expectVisible(page.getByRole('link', { name: 'Free Mix (New Customers)' }));
    await page.context().close();
  });

  it('shows the 404 page for an unknown path, with a 404 status', async () => {
    const page = await newPage(chrome.browser);
    const res = await page.goto('/this/does/not/exist');
    assert.equal(res.status(), 404);
    await expectVisible(page.getByText('404 Page Not Found'));
    await page.context().close();
  });

  it('sends a logged-out visitor from /admin to the staff sign-in, which has no Register tab', async () => {
    const page = await newPage(chrome.browser);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.search === '');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Staff sign-in' }), { timeout: 60_000 });
    assert.equal(await page.getByRole('tab', { name: /register/i }).count(), 0);
    assert.equal(await page.getByText(/register/i).count(), 0);
    await page.context().close();
  });

  it('lets the seed admin log in through /auth and reach the admin layout', async () => {
    const page = await newPage(chrome.browser);
    await loginThroughForm(page, ADMIN.username, ADMIN.password);
    await expectVisible(toast(page, 'Login successful'));
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    for (const tab of ['Dashboard', 'Posts', 'Categories', 'Media', 'Comments', 'Settings']) {
      await expectVisible(page.getByRole('menuitem', { name: new RegExp(tab) }).first());
    }
    await expectVisible(page.getByText(/Visit Site/).first());
    await page.context().close();
  });

  it('shows Access Denied to a registered author', async () => {
    const username = uniq('author');
    const reg = await api('/api/register', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'password-123' },
    });
    assert.equal(reg.status, 201);
    const page = await newPage(chrome.browser);
    await loginThroughForm(page, username, 'password-123');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin');
    await expectVisible(
      page.getByText("Access Denied - You don't have permission to access the admin panel."),
    );
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('registers through the form and lands on / as the new user', async () => {
    const page = await newPage(chrome.browser);
    await page.goto('/auth');
    await page.getByRole('tab', { name: /register/i }).click();
    const username = uniq('newbie');
    await page.getByLabel(/^username$/i).fill(username);
    await page.getByLabel(/^email$/i).fill(`${username}@example.com`);
    await expectVisible(page.getByText('Password must be at least 8 characters long.'));
    await page
      .getByLabel(/^password$/i)
      .last()
      .fill('password-123');
    await page.getByRole('button', { name: /^(register|create account)$/i }).click();
    await expectVisible(toast(page, 'Registration successful'));
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
