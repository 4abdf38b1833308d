/* global document, window -- used inside page callbacks, which run in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN, api, expectVisible, loginThroughForm, newPage, uniq, useBrowser } from './support.mjs';

describe('admin: who gets in, and what public pages load', () => {
  const chrome = useBrowser();

  it('shows Access Denied to an author, with a way home', async () => {
    const username = uniq('author');
    const reg = await api('/api/register', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'password-123' },
    });
    assert.equal(reg.status, 201);
    const page = await newPage(chrome.browser);
    await loginThroughForm(page, username, 'password-123');
    await page.waitForURL((url) => url.pathname === '/');
    for (const path of ['/admin', '/admin/posts', '/admin/posts/new']) {
      await page.goto(path);
      await expectVisible(
        page.getByText("Access Denied - You don't have permission to access the admin panel.", {
          exact: true,
        }),
      );
      assert.equal(await page.getByRole('menuitem').count(), 0);
    }
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('keeps the staff session in httpOnly cookies only, and renews it when the access token is gone', async () => {
    const page = await newPage(chrome.browser);
    await loginThroughForm(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    // Nothing a script can read: no token in storage, no session in document.cookie.
    assert.equal(await page.evaluate(() => window.localStorage.getItem('authToken')), null);
    assert.doesNotMatch(await page.evaluate(() => document.cookie), /authToken|authRefresh/);
    const session = async () => Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]));
    const first = await session();
    for (const name of ['authToken', 'authRefresh']) {
      assert.equal(first[name]?.httpOnly, true, name);
      assert.equal(first[name]?.sameSite, 'Strict', name);
    }
    // The short-lived access token expires (the browser drops its cookie): the admin area still
    // opens, on a new access token and a new refresh token.
    // Off the site first: a request the home page sends while the cookie is gone would renew the
    // session, and the navigation below would drop that answer (and its new refresh token).
    await page.goto('about:blank');
    await page.context().clearCookies({ name: 'authToken' });
    await page.goto('/admin');
    await expectVisible(page.getByText(/^Welcome back, .+/));
    const renewed = await session();
    assert.ok(renewed.authToken, 'a new access token');
    assert.notEqual(renewed.authRefresh.value, first.authRefresh.value);
    await page.context().close();
  });

  it('loads none of the admin JavaScript on public pages', async () => {
    for (const path of ['/', '/blog', '/contact']) {
      const page = await newPage(chrome.browser);
      const scripts = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script' || req.url().endsWith('.js'))
          scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      assert.ok(scripts.length > 0, `${path} loads some JavaScript`);
      const admin = scripts.filter((s) => s.startsWith('/remotes/admin/'));
      assert.deepEqual(admin, [], `${path} loaded admin files`);
      await page.context().close();
    }
  });
});
