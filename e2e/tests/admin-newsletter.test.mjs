/* global document -- used inside page callbacks, which run in the browser */
// Newsletter issues in the browser: an admin writes an issue, previews it as the mail, sends
// it; the subscriber's mail arrives (through the queue and SMTP) and its unsubscribe link works.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { BASE, MAIL_API, api, expectVisible, newPage, uniq, useBrowser } from './support.mjs';
import { adminPage, staffToken } from './admin-helpers.mjs';

const pg = createRequire(new URL('../../backend/package.json', import.meta.url))('pg');
const SLOW = { timeout: 60_000 };

async function mailTo(address, subject) {
  for (let i = 0; i < 120; i++) {
    const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
    const found = inbox.find((m) => m.to?.some((t) => t.address === address) && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} with subject ${subject}`);
}

describe('admin: newsletter issues', () => {
  const chrome = useBrowser();

  it('writes, previews and sends an issue; the mail arrives and its unsubscribe link works', async () => {
    assert.ok(MAIL_API, 'run through e2e/run.mjs');
    const email = `${uniq('reader')}@example.com`;
    // A confirmed subscriber (the double opt-in has its own tests).
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`INSERT INTO newsletter_subscribers (email, confirmed_at) VALUES ($1, now())`, [email]);
    } finally {
      await db.end();
    }
    const subject = uniq('Studio news ');

    const page = await adminPage(chrome.browser);
    await page.goto('/admin/newsletter');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Newsletter' }), SLOW);
    await page.getByRole('button', { name: 'New issue' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'New newsletter issue' }), SLOW);
    await page.getByLabel('Subject').fill(subject);
    const body = page.getByRole('textbox', { name: 'Issue' });
    await body.click();
    await page.keyboard.type('Fresh plugins and a new vocal booth this month.');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expectVisible(preview.getByText('Fresh plugins and a new vocal booth this month.'));
    await expectVisible(preview.getByRole('link', { name: 'Unsubscribe' }));
    // Phone width: the mail is laid out at 375 px.
    await page.getByRole('dialog').getByText('Phone', { exact: true }).click();
    await page.waitForFunction(
      () => document.querySelector('iframe[title="Mail preview"]')?.clientWidth === 375,
    );
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Send to subscribers' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisible(page.getByText(/Sending to \d+ subscriber/), SLOW);
    await expectVisible(page.getByTestId('issue-progress').filter({ hasText: '0 remaining' }), SLOW);
    await expectVisible(page.getByText('Sent', { exact: true }).first(), SLOW);

    const mail = await mailTo(email, subject);
    assert.match(mail.text, /Fresh plugins and a new vocal booth this month\./);
    const link = /https?:\/\/[^\s]+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(
      mail.text,
    )?.[0];
    assert.ok(link, 'unsubscribe link in the text part');
    assert.match(mail.headers['list-unsubscribe'], /\/api\/newsletter\/unsubscribe\?token=/);

    const visitor = await newPage(chrome.browser);
    const url = new URL(link);
    await visitor.goto(`${BASE}${url.pathname}${url.search}`);
    await expectVisible(visitor.getByRole('heading', { name: 'You have been unsubscribed' }));
    await visitor.context().close();

    const token = await staffToken();
    const list = await api(`/api/admin/subscribers?search=${encodeURIComponent(email)}`, { token });
    assert.notEqual(list.body.items[0].unsubscribedAt, null);
    await page.context().close();
  });
});

describe('admin: dashboard charts', () => {
  const chrome = useBrowser();

  it('shows bookings, revenue, subscriber and message charts to admins', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dashboard' }), SLOW);
    for (const name of [
      /^Paid bookings per month/,
      /^Revenue per month/,
      /^Newsletter sign-ups/,
      /^Contact messages/,
    ])
      await expectVisible(page.getByRole('img', { name }), SLOW);
    await expectVisible(page.getByRole('link', { name: 'Subscribers', exact: true }).last());
    await page.context().close();
  });
});
