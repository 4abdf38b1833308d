// The engineer's desk in the browser (issue 22): the staff sign-in that returns where it was
// asked to, the dashboard that leads with what needs doing, and axe-core finding no serious or
// critical violation on any admin page, the staff sign-in, the portal pages or the queue board.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN, api, expectVisible, launch, newPage, uniq } from './support.mjs';
import * as portal from './portal-helpers.mjs';
import { adminPage, staffToken } from './admin-helpers.mjs';
import { seriousViolations } from './axe.mjs';

const SLOW = { timeout: 60_000 };

/** Every page of the admin (the project page is added once a project exists). */
const ADMIN_PAGES = [
  '/admin',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/categories',
  '/admin/tags',
  '/admin/media',
  '/admin/comments',
  '/admin/settings',
  '/admin/messages',
  '/admin/payments',
  '/admin/subscribers',
  '/admin/referrals',
  '/admin/lottery',
  '/admin/newsletter',
  '/admin/services',
  '/admin/projects',
  '/admin/users',
  '/admin/audit',
  '/admin/data-requests',
  '/admin/profile',
];

describe('admin: the engineer desk', () => {
  let browser;
  let client;
  before(async () => {
    browser = await launch();
    client = await portal.paidClient('desk');
  });
  after(() => browser?.close());

  it('sends a signed-out visitor to the staff sign-in and back to the page they asked for', async () => {
    const page = await newPage(browser);
    await page.goto('/admin/projects?status=files_received');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/admin/projects?status=files_received');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Staff sign-in' }), SLOW);
    assert.equal(await page.getByRole('tab', { name: /register/i }).count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/projects' && url.search === '?status=files_received',
    );
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Projects' }), SLOW);
    await page.context().close();
  });

  it('never sends anyone off the staff area after signing in', async () => {
    const page = await newPage(browser);
    await page.goto(`/admin/login?redirect=${encodeURIComponent('//evil.example/admin')}`);
    await page.getByLabel('Username or email').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === new URL(page.url()).origin && url.pathname === '/admin');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dashboard' }), SLOW);
    await page.context().close();
  });

  it('leads the dashboard with what needs doing, each item linked to its record', async () => {
    const token = await staffToken();
    const moved = await api(`/api/admin/projects/${client.projectId}/status`, {
      method: 'POST',
      body: { status: 'files_received' },
      token,
    });
    assert.equal(moved.status, 200);
    const name = uniq('Desk Sender ');
    await api('/api/contact', {
      method: 'POST',
      body: { name, email: client.email, service: 'mix', message: 'Are my stems all right for you?' },
    });

    const page = await adminPage(browser);
    await page.goto('/admin');
    const work = page.getByTestId('work-list');
    await expectVisible(work.getByRole('heading', { name: 'What needs doing' }), SLOW);
    // It comes before the blog's counters.
    const [workTop, blogTop] = await Promise.all([
      work.boundingBox(),
      page.getByTestId('stat-Total Posts').boundingBox(),
    ]);
    assert.ok(workTop.y < blogTop.y, 'the work list is above the blog counters');
    await work.getByRole('button', { name: /^Files to accept \(\d+\)$/ }).click();
    const files = work.getByTestId('work-item').filter({ hasText: client.email });
    await expectVisible(files);
    assert.deepEqual(await seriousViolations(page), []);
    await files.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/admin/projects/${client.projectId}`);

    // The message's drawer shows the sender's project, linked.
    await page.goto('/admin');
    await work.getByRole('button', { name: /^Unread message \(\d+\)$/ }).click(SLOW);
    await work.getByRole('link', { name: new RegExp(name) }).click();
    await page.waitForURL((url) => url.pathname === '/admin/messages');
    const drawer = page.locator('.ant-drawer');
    await expectVisible(
      drawer.getByRole('heading', { name: `Bookings and projects of ${client.email}` }),
      SLOW,
    );
    await expectVisible(drawer.getByRole('link', { name: 'Project: Mix' }));
    assert.deepEqual(await seriousViolations(page), []);
    await drawer.getByRole('link', { name: 'Project: Mix' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/projects/${client.projectId}`);
    await page.context().close();
  });

  it('has no serious or critical axe violation on any admin page', async () => {
    const page = await adminPage(browser);
    const found = [];
    for (const path of [...ADMIN_PAGES, `/admin/projects/${client.projectId}`]) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1 }).first(), SLOW);
      // Lists fill in after the heading: wait for the network to settle.
      await page.waitForLoadState('networkidle');
      for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
    }
    assert.deepEqual(found, []);
    await page.context().close();
  });

  it('has no serious or critical axe violation on the queue dashboard, which leads back to the admin', async () => {
    // A sent mail, so the mail queue's card draws its count bar on the "completed" colour.
    const sent = await api('/api/debug-customer-email', {
      method: 'POST',
      token: await staffToken(),
      body: { email: `${uniq('board')}@example.com` },
    });
    assert.equal(sent.status, 200);
    const page = await adminPage(browser);
    await page.goto('/admin/queues');
    await expectVisible(page.getByRole('link', { name: /Back to the admin/ }), SLOW);
    await expectVisible(page.locator('[class*="progressBar-"] [class*="completed-"]').first(), SLOW);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousViolations(page), []);
    // On a phone the board's title moves onto the white header.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectVisible(page.locator('header [class*="logo-"]'));
    assert.deepEqual(await seriousViolations(page), []);
    await page.context().close();
  });

  it('has no serious or critical axe violation on the portal pages', async () => {
    const signIn = await newPage(browser);
    await signIn.goto('/portal/sign-in');
    await expectVisible(signIn.getByRole('heading', { level: 1 }), SLOW);
    assert.deepEqual(await seriousViolations(signIn), []);
    await signIn.context().close();

    const page = await portal.signInToPortal(browser, client.link);
    for (const path of ['/portal', `/portal/projects/${client.projectId}`]) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1 }).first(), SLOW);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await seriousViolations(page), [], path);
    }
    await page.context().close();
  });
});
