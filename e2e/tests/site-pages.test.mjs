/* global window */
// The public site's other pages (spec §2, §5, §8): privacy policy, terms, /account and the
// email testing tools, at desktop and phone widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN,
  DESKTOP,
  MAIL_API,
  PHONE,
  api,
  expectDetached,
  expectVisible,
  loginThroughForm,
  newPage,
  toast,
  uniq,
  useBrowser,
} from './support.mjs';

const PRIVACY_SECTIONS = [
  'Introduction',
  'Information We Collect',
  'How We Use Your Information',
  'Legal Basis (GDPR)',
  'Data Retention',
  'Data Protection Rights',
  'Cookies and Tracking',
  'Data Security',
  'Third-Party Services',
  "Children's Privacy",
  'Changes',
  'Contact Us',
];

const TERMS_SECTIONS = [
  /agreement/i,
  /services/i,
  /client rights and responsibilities/i,
  /payment/i,
  /delivery/i,
  /revisions/i,
  /refunds/i,
  /intellectual property/i,
  /portfolio usage/i,
  /liability/i,
  /termination/i,
  /changes/i,
  /governing law/i,
  /contact/i,
];

async function sectionHeadings(page) {
  return (await page.locator('main section h2').allInnerTexts()).map((t) =>
    t.replace(/^\d+\.\s*/, '').trim(),
  );
}

/** Waits until the home page has made its scroll to the requested section and stopped. */
async function sectionScrollDone(page) {
  // It scrolls once the prices are in, then drops the request it got in the router state.
  await page.locator('#pricing .price-card__amount').first().waitFor();
  await page.waitForFunction(() => !window.history.state?.usr?.scrollTo);
  // Smooth for a visitor who has not asked for less motion (newPage does), and it may start a few
  // frames late: wait for 5 equal reads.
  let last = null;
  for (let i = 0, stable = 0; i < 60 && stable < 4; i++) {
    await page.waitForTimeout(100);
    const y = await page.evaluate(() => window.scrollY);
    stable = y === last ? stable + 1 : 0;
    last = y;
  }
}

async function loginAsAdmin(page) {
  await loginThroughForm(page, ADMIN.username, ADMIN.password);
  await expectVisible(toast(page, 'Login successful'));
  await page.waitForURL((url) => url.pathname === '/');
}

describe('site: legal pages', () => {
  const chrome = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`privacy policy: twelve sections, starts at the top, Back to Home (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      // Arrive scrolled down from another page: the policy still starts at the top.
      await page.goto('/section/newsletter');
      await expectVisible(page.locator('#newsletter'));
      // Clicked once the page is still: a click while it scrolls can miss the moving link.
      await sectionScrollDone(page);
      assert.ok(
        (await page.evaluate(() => window.scrollY)) > 0,
        'the home page scrolled down to the newsletter',
      );
      await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      assert.equal(await page.locator('h1').count(), 1);
      assert.match(await page.title(), /^Privacy Policy \|/);
      assert.deepEqual(await sectionHeadings(page), PRIVACY_SECTIONS);
      await expectVisible(page.getByText(/GDPR/).first());
      await expectVisible(page.getByText(/under 16/).first());
      await expectVisible(page.getByText(/90 days/).first());

      await page.getByRole('link', { name: 'Back to Home' }).scrollIntoViewIfNeeded();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectVisible(page.locator('#hero'));
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await page.context().close();
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`terms of service: today's date, the sections, jurisdiction placeholder, contact link (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      await page.goto('/terms-of-service');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
      const today = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date());
      await expectVisible(page.getByText(`Last updated: ${today}`));
      const headings = await sectionHeadings(page);
      assert.equal(headings.length, TERMS_SECTIONS.length);
      TERMS_SECTIONS.forEach((re, i) => assert.match(headings[i], re));
      await expectVisible(page.getByText('[Jurisdiction]'));
      await expectVisible(page.getByText(/within 14 days of delivery/));
      await expectVisible(page.getByText(/deposit is non-refundable/));
      assert.equal(
        await page.locator('#contact').getByRole('link', { name: 'contact page' }).getAttribute('href'),
        '/contact',
      );
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });
  }
});

describe('site: account page', () => {
  const chrome = useBrowser();

  it('looks up referral codes by email without logging in (desktop)', async () => {
    const email = `${uniq('acct')}@example.com`;
    const generated = await api('/api/referral/generate', { method: 'POST', body: { email } });
    assert.equal(generated.status, 201, JSON.stringify(generated.body));
    const code = generated.body.referralCode.code;

    const page = await newPage(chrome.browser, DESKTOP);
    await page.goto('/account');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'My Account' }));
    assert.equal(await page.getByRole('tab', { name: 'Referrals' }).getAttribute('aria-selected'), 'true');
    const check = page.getByRole('button', { name: 'Check' });
    assert.equal(await check.isDisabled(), true);
    await page.getByLabel('Email address').fill(email);
    assert.equal(await check.isDisabled(), false);
    await check.click();
    const row = page.locator('.referral-code', { hasText: code });
    await expectVisible(row);
    await expectVisible(row.getByText('Available', { exact: true }));

    await page.getByRole('tab', { name: 'Profile' }).click();
    await expectVisible(page.getByText('Profile settings will be available soon.'));
    await page.context().close();
  });

  it('shows Used and Available, and the failure toast (phone)', async () => {
    const page = await newPage(chrome.browser, PHONE);
    const now = Date.now();
    await page.route('**/api/referral/list**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          referralCodes: [
            {
              id: 1,
              code: 'USEDCODE1',
              isUsed: true,
              usedBy: 'friend@example.com',
              createdAt: new Date(now - 86400000).toISOString(),
              expiresAt: new Date(now + 86400000 * 150).toISOString(),
            },
            {
              id: 2,
              code: 'FRESHCODE2',
              isUsed: false,
              usedBy: null,
              createdAt: new Date(now).toISOString(),
              expiresAt: new Date(now + 86400000 * 180).toISOString(),
            },
          ],
        }),
      }),
    );
    await page.goto('/account');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Check' }).click();
    await expectVisible(
      page.locator('.referral-code', { hasText: 'USEDCODE1' }).getByText('Used', { exact: true }),
    );
    await expectVisible(
      page.locator('.referral-code', { hasText: 'FRESHCODE2' }).getByText('Available', { exact: true }),
    );

    await page.unroute('**/api/referral/list**');
    await page.route('**/api/referral/list**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"Down"}',
      }),
    );
    await page.getByLabel('Email address').fill('other@example.com');
    await page.getByRole('button', { name: 'Check' }).click();
    await expectVisible(toast(page, 'Failed to fetch your referral codes'));
    await page.context().close();
  });
});

describe('site: email testing tools', () => {
  const chrome = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`tells a visitor who is not an admin, before sending (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      await page.goto('/email-test');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Email Testing Tools' }));
      await expectVisible(page.getByText('Administrators only'));
      for (const tab of ['Admin Email Test', 'Customer Email Test', 'Microsoft Email Test']) {
        await page.getByRole('tab', { name: tab }).click();
        const send = page.getByRole('tabpanel').getByRole('button', { name: /^Send/ });
        assert.equal(await send.isDisabled(), true, `${tab}: send is disabled`);
      }
      await expectVisible(page.getByRole('heading', { name: 'Troubleshooting tips' }));

      await page.goto('/admin-email-test');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Admin Email Test' }));
      await expectVisible(page.getByText('Administrators only'));
      assert.equal(await page.getByRole('button', { name: 'Send Test Email' }).isDisabled(), true);
      await page.context().close();
    });
  }

  it('lets an admin send the three tests and shows the raw results (desktop)', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await loginAsAdmin(page);
    await page.goto('/email-test');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Email Testing Tools' }));
    assert.equal(await page.getByText('Administrators only').count(), 0);

    // Admin
    await page.getByRole('button', { name: 'Send Admin Test Email' }).click();
    await expectVisible(toast(page, 'Test Email Sent!'));
    let result = JSON.parse(await page.getByRole('tabpanel').locator('.json-result__pre').innerText());
    assert.equal(result.success, true);
    assert.ok(result.recipient);

    // Customer: needs an address
    await page.getByRole('tab', { name: 'Customer Email Test' }).click();
    await page.getByRole('button', { name: 'Send Customer Test Email' }).click();
    await expectVisible(toast(page, 'Please enter a test email address'));
    const customer = `${uniq('cust')}@example.com`;
    await page.getByLabel('Test email address').fill(customer);
    await page.getByRole('button', { name: 'Send Customer Test Email' }).click();
    await expectVisible(toast(page, 'Test Email Sent!'));
    result = JSON.parse(await page.getByRole('tabpanel').locator('.json-result__pre').innerText());
    assert.equal(result.success, true);

    // Microsoft: a non-Microsoft address gets the notice and still runs
    await page.getByRole('tab', { name: 'Microsoft Email Test' }).click();
    await page.getByRole('button', { name: 'Send Microsoft Test Emails' }).click();
    await expectVisible(toast(page, 'Please enter a test email address'));
    await page.getByLabel('Hotmail or Outlook address').fill(`${uniq('ms')}@example.com`);
    await page.getByRole('button', { name: 'Send Microsoft Test Emails' }).click();
    await expectVisible(page.getByText('Not a Microsoft Email'));
    await expectVisible(page.getByRole('tabpanel').locator('.json-result__pre'));
    result = JSON.parse(await page.getByRole('tabpanel').locator('.json-result__pre').innerText());
    assert.equal(typeof result.success, 'boolean');
    await page.getByLabel('Hotmail or Outlook address').fill(`${uniq('ms')}@outlook.com`);
    await page.getByRole('button', { name: 'Send Microsoft Test Emails' }).click();
    await expectDetached(page.getByText('Not a Microsoft Email'));
    await page.context().close();
  });

  it('lets an admin send a custom test from /admin-email-test (phone)', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await loginAsAdmin(page);
    await page.goto('/admin-email-test');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Admin Email Test' }));
    const brand = (await page.locator('.brand__name').innerText()).trim();
    assert.equal(await page.getByLabel('Subject').inputValue(), `Test Email from ${brand}`);
    assert.match(await page.getByLabel('Message').inputValue(), /test/i);
    const subject = `E2E check ${uniq('subj')}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectVisible(toast(page, 'Test Email Sent!'));
    const result = JSON.parse(await page.locator('.json-result__pre').innerText());
    assert.equal(result.success, true);

    if (MAIL_API) {
      let found = false;
      for (let i = 0; i < 40 && !found; i++) {
        const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
        found = inbox.some((m) => m.subject?.includes(subject));
        if (!found) await page.waitForTimeout(250);
      }
      assert.ok(found, 'the test mail with the custom subject arrived');
    }
    await page.context().close();
  });

  it('shows the failure toast with the server error', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await loginAsAdmin(page);
    await page.route('**/api/debug-email', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'SMTP down', error: 'SMTP down' }),
      }),
    );
    await page.goto('/admin-email-test');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectVisible(toast(page, 'Failed to send email'));
    await expectVisible(page.getByText('SMTP down').first());
    await page.unroute('**/api/debug-email');
    await page.route('**/api/debug-email', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectVisible(toast(page, 'Error'));
    await page.context().close();
  });
});
