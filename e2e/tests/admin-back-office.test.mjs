// The back office (issue 12) in the browser: an admin changes a price and the site and the
// next charge follow; reads and answers a message; refunds a payment; sees subscribers, codes
// and draws. An editor sees none of it.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import {
  api,
  expectVisible,
  FAKE_STRIPE,
  launch,
  newPage,
  sendWebhook,
  signInWithToken,
  uniq,
} from './support.mjs';
import { adminPage, staffToken, toast } from './admin-helpers.mjs';

// Resolved like e2e/run.mjs does: the backend's dependency.
const pg = createRequire(new URL('../../backend/package.json', import.meta.url))('pg');
// A page's first visit loads its admin chunks; on a busy machine that can take a while.
const SLOW = { timeout: 60_000 };

async function fake(path, body) {
  const res = await fetch(`${FAKE_STRIPE}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

describe('admin: the back office', () => {
  let browser;
  let token;
  before(async () => {
    browser = await launch();
    token = await staffToken();
  });
  after(() => browser?.close());

  it('changes a price in /admin/services; the home card and the next charge follow', async () => {
    const list = await api('/api/admin/services?search=Mix&sort=price', { token });
    const mix = list.body.items.find((s) => s.name === 'Mix');
    assert.equal(mix.price, 6000);
    try {
      const page = await adminPage(browser);
      await page.goto('/admin/services');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Services and prices' }), SLOW);
      await page.getByRole('button', { name: 'Edit Mix', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#pricePounds').fill('65');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectVisible(page.getByText('Service updated'));
      await expectVisible(page.locator('tr').filter({ hasText: 'Mix' }).first().getByText('£65'));
      await page.context().close();

      // A fresh visitor (no cached list) sees the new price on the home page.
      const home = await newPage(browser);
      await home.goto('/');
      const amounts = home.locator('#pricing .price-card__amount');
      await expectVisible(amounts.first(), SLOW);
      assert.equal(await amounts.first().innerText(), '£65');
      await home.context().close();

      const charge = await api('/api/create-payment-intent', {
        method: 'POST',
        body: { serviceId: mix.id, amount: 1 },
      });
      assert.equal(charge.body.amount, 3250);
    } finally {
      const { id, createdAt: _c, updatedAt: _u, serviceType: _s, ...fields } = mix;
      const restored = await api(`/api/admin/services/${id}`, { method: 'PUT', body: fields, token });
      assert.equal(restored.status, 200);
    }
  });

  it('reads and answers a message, refunds a payment, and lists subscribers, codes and draws', async () => {
    const name = uniq('Nina ');
    await api('/api/contact', {
      method: 'POST',
      body: {
        name,
        email: 'nina@example.com',
        service: 'mix',
        message: 'Could you mix my single next week?',
      },
    });
    const [{ id: mixId }] = (await api('/api/services')).body.services.filter((s) => s.name === 'Mix');
    const intentRes = await api('/api/create-payment-intent', {
      method: 'POST',
      body: { serviceId: mixId, amount: 30, email: 'refund-me@example.com' },
    });
    const intentId = intentRes.body.clientSecret.split('_secret_')[0];
    const intent = await fake(`/__fake/payment_intents/${intentId}/status`, { status: 'succeeded' });
    await sendWebhook('payment_intent.succeeded', intent);

    const page = await adminPage(browser);
    await page.goto('/admin/messages');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Messages' }), SLOW);
    await expectVisible(page.getByRole('link', { name: /Messages \d+ unread$/ }));
    await page.getByRole('button', { name: new RegExp(name) }).click();
    const drawer = page.locator('.ant-drawer');
    await expectVisible(drawer.getByText('Could you mix my single next week?'));
    await expectVisible(drawer.getByText('Thank-you to the customer'));
    await drawer.getByLabel('Reply').fill('Yes, send the stems over.');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await expectVisible(toast(page, 'Reply sent'));
    await expectVisible(drawer.getByText('Yes, send the stems over.'));
    await expectVisible(drawer.getByText('replied', { exact: true }));
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Payments' }).first().click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payments' }), SLOW);
    const row = page.locator('tr').filter({ hasText: 'refund-me@example.com' });
    await expectVisible(row.getByRole('link', { name: intentId }));
    assert.equal(
      await row.getByRole('link', { name: intentId }).getAttribute('href'),
      `https://dashboard.stripe.com/test/payments/${intentId}`,
    );
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (£)').fill('10');
    await dialog.getByLabel('Reason (mailed to the client)').fill('The studio moved the session.');
    await dialog.getByLabel('Put it on hold').check();
    // A double click is one refund: both submits carry the form's request id.
    await dialog.getByRole('button', { name: 'Refund' }).dblclick();
    await expectVisible(toast(page, 'Refund made'));
    await expectVisible(row.getByText('£10 refunded'));
    await expectVisible(row.getByText('partially refunded'));
    const refunds = await fetch(`${FAKE_STRIPE}/__fake/requests`).then((r) => r.json());
    assert.equal(
      refunds.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId).length,
      1,
    );
    // The row links to the project the deposit opened, which the refund put on hold.
    const projectHref = await row.getByRole('link', { name: /Open the project/ }).getAttribute('href');
    const projectId = /\/admin\/projects\/([0-9a-f-]{36})$/.exec(projectHref ?? '')?.[1];
    assert.ok(projectId, `a project link, got ${projectHref}`);
    const held = await api(`/api/admin/projects/${projectId}`, { token: await staffToken() });
    assert.equal(held.body.project.status, 'on_hold');
    assert.match(
      await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'),
      /^\/api\/admin\/payments\?.*format=csv/,
    );

    for (const [menu, heading] of [
      ['Subscribers', 'Subscribers'],
      ['Referral codes', 'Referral codes'],
      ['Lottery', 'Lottery'],
    ]) {
      await page.getByRole('link', { name: menu }).first().click();
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }), SLOW);
      await expectVisible(page.locator('.ant-table').first(), SLOW);
    }
    await page.context().close();
  });

  it('hides money and personal data from editors, in the menu and the pages', async () => {
    const username = uniq('ed');
    const reg = await api('/api/register', {
      method: 'POST',
      body: { username, email: `${username}@example.com`, password: 'password-123' },
    });
    assert.equal(reg.status, 201);
    // No API makes an editor yet (user management is another page): set the role in the database.
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE users SET role = 'editor' WHERE username = $1`, [username]);
    } finally {
      await db.end();
    }
    const editorToken = reg.body.authToken;
    assert.equal((await api('/api/admin/payments', { token: editorToken })).status, 403);
    assert.equal((await api('/api/admin/newsletter/issues', { token: editorToken })).status, 403);

    const page = await newPage(browser);
    await signInWithToken(page, editorToken);
    await page.goto('/admin');
    const menu = page.getByRole('menu').first();
    await expectVisible(menu.getByRole('link', { name: 'Posts' }).first(), SLOW);
    for (const hidden of [
      'Messages',
      'Payments',
      'Subscribers',
      'Referral codes',
      'Lottery',
      'Services',
      'Newsletter',
    ])
      assert.equal(await menu.getByRole('link', { name: hidden }).count(), 0, hidden);
    await page.goto('/admin/payments');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Admins only' }), SLOW);
    await page.context().close();
  });
});
