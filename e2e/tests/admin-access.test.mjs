import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, launch, loginThroughForm, newPage, uniq } from './support.mjs';

describe('admin: who gets in, and what public pages load', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(() => browser?.close());

  it('shows Access Denied to an author, with a way home', async () => {
    const username = uniq('author');
    const reg = await api('/api/register', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'password-123' },
    });
    assert.equal(reg.status, 201);
    const page = await newPage(browser);
    await loginThroughForm(page, username, 'password-123');
    await page.waitForURL((url) => url.pathname === '/');
    for (const path of ['/admin', '/admin/posts', '/admin/posts/new']) {
      await page.goto(path);
      await page
        .getByText("Access Denied - You don't have permission to access the admin panel.", { exact: true })
        .waitFor();
      assert.equal(await page.getByRole('menuitem').count(), 0);
    }
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('loads none of the admin JavaScript on public pages', async () => {
    for (const path of ['/', '/blog', '/contact']) {
      const page = await newPage(browser);
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
