/* global document */
// /contact and the developer contact forms (spec §2, §4, §5, §8). The contact endpoints are
// rate limited per client, so only a few tests send for real; the rest answer from page.route.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, MAIL_API, PHONE, expectVisible, newPage, toast, uniq, useBrowser } from './support.mjs';

const SENT_DESCRIPTION = "We've received your message and will get back to you within 24-48 hours.";

async function fillContact(page, { name = 'Ada Lovelace', email, message } = {}) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email ?? `${uniq('contact')}@example.com`);
  if (message !== undefined) await page.getByLabel('Message').fill(message);
}

/** Answers one request to `pattern` with `body` (JSON) and `status`. */
function answer(page, pattern, status, body) {
  return page.route(pattern, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

describe('site: contact page', () => {
  const chrome = useBrowser();

  it('sends a free-mix message, shows both toasts, clears the form and stays (desktop)', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await page.goto('/contact');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    assert.equal(await page.locator('h1').count(), 1);
    assert.match(await page.title(), /^Contact \|/);
    const service = page.getByLabel('Service');
    assert.equal(await service.isDisabled(), false);
    assert.deepEqual((await service.locator('option').allInnerTexts()).slice(1), [
      'Free Mix',
      'Mix',
      'Master',
      'Mix & Master',
      'Bulk Deal',
    ]);
    // The honeypot is out of sight and out of the tab order.
    const honeypot = page.locator('input[name="website"]');
    assert.equal(await honeypot.getAttribute('tabindex'), '-1');
    assert.equal(
      await honeypot.evaluate((el) => {
        const box = el.closest('[aria-hidden="true"]')?.getBoundingClientRect();
        return Boolean(box && box.width <= 1 && box.height <= 1);
      }),
      true,
      'the honeypot sits in a 1px, aria-hidden box',
    );

    const email = `${uniq('freemix')}@example.com`;
    await fillContact(page, { email, message: 'Please mix my new single, it is a dancehall track.' });
    await service.selectOption('free-mix');

    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expectVisible(sending);
    assert.equal(await sending.isDisabled(), true);
    release();

    await expectVisible(toast(page, 'Message Sent Successfully!'));
    await expectVisible(page.getByText(SENT_DESCRIPTION).first());
    await expectVisible(toast(page, 'Confirmation Email Sent'), { timeout: 8000 });
    await expectVisible(page.getByText('Check your inbox for a confirmation email from our studio.').first());

    // Free Mix is not a bookable service: the form is cleared and the page stays on step 1.
    assert.equal(await page.getByLabel('Name').inputValue(), '');
    assert.equal(await page.getByLabel('Message').inputValue(), '');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    assert.equal(await page.getByRole('button', { name: 'Back to Contact Form' }).count(), 0);

    if (MAIL_API) {
      // The thank-you mail reaches the customer's inbox.
      let found = false;
      for (let i = 0; i < 40 && !found; i++) {
        const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
        found = inbox.some((m) => m.to?.some((t) => t.address === email));
        if (!found) await page.waitForTimeout(250);
      }
      assert.ok(found, `a mail to ${email} arrived`);
    }
    await page.context().close();
  });

  it('checks the fields with the schema of §5 before sending', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    let sent = 0;
    await page.route('**/api/contact', (route) => {
      sent++;
      return route.abort();
    });
    await page.goto('/contact');
    await fillContact(page, { name: 'A', message: 'Too short' });
    await page.getByLabel('Service').selectOption('mix');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByText('Name must be between 2 and 100 characters'));
    await expectVisible(page.getByText('Message must be between 10 and 1000 characters'));
    assert.equal(await page.getByLabel('Name').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Name').evaluate((el) => el === document.activeElement), true);
    // Required fields are enforced by the browser.
    assert.equal(await page.getByLabel('Email').getAttribute('required'), '');
    assert.equal(await page.getByLabel('Email').getAttribute('type'), 'email');
    assert.equal(sent, 0);
    await page.context().close();
  });

  it('locks and prefills the service from the query, then shows the deposit step (desktop)', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await page.goto(`/contact?service=${encodeURIComponent('Mix & Master')}`);
    const service = page.getByLabel('Service');
    assert.equal(await service.isDisabled(), true);
    assert.equal(await service.inputValue(), 'mix-master');
    assert.equal(
      await page.getByLabel('Message').inputValue(),
      "I'm interested in the Mix & Master service. Please let me know the next steps.",
    );

    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toast(page, 'Message Sent Successfully!'));

    const deposit = page.locator('.deposit');
    await expectVisible(deposit);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Pay Your Deposit' }));
    await expectVisible(deposit.getByText('Mix & Master', { exact: true }));
    await expectVisible(deposit.getByText('£80', { exact: true }));
    assert.equal(await deposit.locator('.deposit__due dd').innerText(), '£40');
    assert.match(await page.locator('[aria-current="step"]').innerText(), /Payment/);

    await page.getByRole('button', { name: 'Back to Contact Form' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    assert.equal(await page.getByLabel('Service').inputValue(), 'mix-master');
    assert.equal(await page.getByLabel('Service').isDisabled(), true);
    await page.context().close();
  });

  it('maps a form value in the query too, and shows the deposit step on a phone', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await page.goto('/contact?service=master');
    assert.equal(await page.getByLabel('Service').inputValue(), 'master');
    assert.equal(await page.getByLabel('Service').isDisabled(), true);
    assert.equal(
      await page.getByLabel('Message').inputValue(),
      "I'm interested in the Master service. Please let me know the next steps.",
    );
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toast(page, 'Message Sent Successfully!'));
    const deposit = page.locator('.deposit');
    await expectVisible(deposit);
    assert.equal(await deposit.locator('.deposit__due dd').innerText(), '£20');
    await page.getByRole('button', { name: 'Back to Contact Form' }).click();
    await expectVisible(page.getByRole('button', { name: 'Send Message' }));
    await page.context().close();
  });

  it('follows the booking buttons of the home page to a locked service', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await page.goto('/section/pricing');
    await page.getByRole('link', { name: 'Book Mix Session' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    assert.equal(await page.getByLabel('Service').inputValue(), 'mix');
    assert.equal(await page.getByLabel('Service').isDisabled(), true);
    await page.context().close();
  });

  it('shows the failure toasts: a refusal from the server and a network failure', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await answer(page, '**/api/contact', 500, { success: false, message: 'The studio inbox is full.' });
    await page.goto('/contact?service=mix');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toast(page, 'Something went wrong'));
    await expectVisible(page.getByText('The studio inbox is full.').first());
    // Nothing was lost: the visitor's text is still there.
    assert.notEqual(await page.getByLabel('Name').inputValue(), '');

    await page.unroute('**/api/contact');
    await answer(page, '**/api/contact', 200, { success: false });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByText('Please try again later.').first());

    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toast(page, 'Submission Error'));
    await expectVisible(page.getByText("We couldn't send your message. Please try again.").first());
    await page.context().close();
  });
});

describe('site: developer contact forms', () => {
  const chrome = useBrowser();

  it('/test-contact posts to /api/contact and shows the raw result', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await page.goto('/test-contact');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Test Contact Form' }));
    await page.getByLabel('Name').fill('Test Person');
    await page.getByLabel('Email').fill(`${uniq('test')}@example.com`);
    await page.getByLabel('Service').selectOption('master');
    await page.getByLabel('Message').fill('Just checking the pipeline works.');
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Message Sent!'));
    const result = JSON.parse(await page.locator('.json-result__pre').innerText());
    assert.equal(result.success, true);
    assert.equal(result.emailStatus.customerThankYou, true);
    await page.context().close();
  });

  it('/test-contact warns about email delivery without a thank-you, and shows errors', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await answer(page, '**/api/contact', 200, {
      success: true,
      message: 'Saved.',
      emailStatus: { customerThankYou: false },
    });
    await page.goto('/test-contact');
    await page.getByLabel('Name').fill('Test Person');
    await page.getByLabel('Email').fill('test@example.com');
    await page.getByLabel('Service').selectOption('mix');
    await page.getByLabel('Message').fill('Just checking the pipeline works.');
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Message Sent!'));
    await expectVisible(toast(page, 'Note about email delivery'), { timeout: 8000 });

    await page.unroute('**/api/contact');
    await answer(page, '**/api/contact', 400, { success: false, message: 'Please select a valid service' });
    await page.getByLabel('Name').fill('Test Person');
    await page.getByLabel('Email').fill('test@example.com');
    await page.getByLabel('Service').selectOption('mix');
    await page.getByLabel('Message').fill('Just checking the pipeline works.');
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Submission Error'));
    const result = JSON.parse(await page.locator('.json-result__pre').innerText());
    assert.equal(result.message, 'Please select a valid service');
    await page.context().close();
  });

  it('/test-v2-contact offers the V2 services and shows the admin notification', async () => {
    const page = await newPage(chrome.browser, DESKTOP);
    await page.goto('/test-v2-contact');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Test Contact Form (V2)' }));
    const values = await page
      .getByLabel('Service')
      .locator('option')
      .evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
    assert.deepEqual(values, ['mix', 'master', 'mix-master', 'production']);
    await page.getByLabel('Name').fill('Test Person');
    await page.getByLabel('Email').fill(`${uniq('v2')}@example.com`);
    await page.getByLabel('Service').selectOption('production');
    await page.getByLabel('Message').fill('Checking the V2 endpoint end to end.');
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Message Sent!'));
    const result = JSON.parse(await page.locator('.json-result__pre').innerText());
    assert.equal(result.success, true);
    assert.equal(typeof result.emailStatus.adminNotification.success, 'boolean');
    await page.context().close();
  });

  it('/test-v2-contact uses its own failure wording', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await answer(page, '**/api/contact-v2', 200, { success: false });
    await page.goto('/test-v2-contact');
    await page.getByLabel('Name').fill('Test Person');
    await page.getByLabel('Email').fill('test@example.com');
    await page.getByLabel('Service').selectOption('mix');
    await page.getByLabel('Message').fill('Checking the V2 endpoint end to end.');
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Error'));
    await expectVisible(page.getByText('There was a problem submitting your message.').first());

    await page.unroute('**/api/contact-v2');
    await page.route('**/api/contact-v2', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Send Test Message' }).click();
    await expectVisible(toast(page, 'Submission Error'));
    await expectVisible(
      page.getByText('There was a problem connecting to the server. Please try again later.').first(),
    );
    await page.context().close();
  });
});
