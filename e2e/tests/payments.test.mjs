/* global window, document */
// Payments in the browser: the booking page, /checkout with the Payment Element, the result pages
// and the not-configured state. Stripe is faked on both sides: the backend talks to
// e2e/fake-stripe/server.mjs (started by run.mjs), and the page gets e2e/fake-stripe/stripe.js in
// place of https://js.stripe.com.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PHONE, api, expectDetached, expectVisible, launch, newPage, uniq } from './support.mjs';

const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL;
const FAKE_STRIPE_JS = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fake-stripe', 'stripe.js');

/** A page whose Stripe.js is the fake one; routes added before the first navigation. */
async function paymentPage(browser, viewport) {
  const page = await newPage(browser, viewport);
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: FAKE_STRIPE_JS, contentType: 'application/javascript' }),
  );
  return page;
}

async function fake(path, body) {
  const res = await fetch(`${FAKE_STRIPE}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** The client secret the page's Payment Element was mounted with (recorded by the fake Stripe.js). */
async function mountedClientSecret(page) {
  await page.waitForFunction(() =>
    (window.__fakeStripe?.calls ?? []).some((c) => c.name === 'stripe.elements' && c.args?.clientSecret),
  );
  return page.evaluate(
    () => window.__fakeStripe.calls.findLast((c) => c.name === 'stripe.elements').args.clientSecret,
  );
}

async function referralCode() {
  const res = await api('/api/referral/generate', {
    method: 'POST',
    body: { email: `${uniq('ref')}@example.com` },
  });
  assert.ok(res.status < 300, `generate answered ${res.status}`);
  return res.body.referralCode.code;
}

const toast = (page, title) => page.locator('.toast').filter({ hasText: title });

describe('payments: booking, checkout and results with a fake Stripe', () => {
  let browser;
  let mixId;
  before(async () => {
    assert.ok(FAKE_STRIPE, 'run through e2e/run.mjs, which starts the fake Stripe');
    browser = await launch();
    const services = await api('/api/services');
    mixId = services.body.services.find((s) => s.name === 'Mix').id;
  });
  after(() => browser?.close());

  it('keeps Stripe.js off the home page', async () => {
    const page = await paymentPage(browser);
    const stripeRequests = [];
    page.on('request', (req) => req.url().includes('stripe') && stripeRequests.push(req.url()));
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.waitForLoadState('networkidle');
    assert.deepEqual(stripeRequests, []);
    await page.context().close();
  });

  it('shows the four plans, their badges and savings, and the four steps', async () => {
    const page = await paymentPage(browser);
    await page.goto('/services-checkout');
    const cards = page.locator('article.plan-card');
    await expectVisible(cards.first());
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal(await cards.count(), 4);
    const expected = [
      ['Mix', '£60', null, null],
      ['Mix & Master', '£80', 'POPULAR', 'Save £20'],
      ['Master', '£40', null, null],
      ['5 Songs Mix & Master', '£300', 'BEST VALUE', 'Save £100'],
    ];
    for (const [i, [name, price, badge, save]] of expected.entries()) {
      const card = cards.nth(i);
      assert.equal(await card.getByRole('heading', { level: 3 }).innerText(), name);
      const text = await card.innerText();
      assert.ok(text.includes(price), `${name} shows ${price}`);
      if (badge) assert.match(text, new RegExp(badge));
      if (save) assert.match(text, new RegExp(save));
      assert.equal(await card.getByRole('button', { name: /book now/i }).isEnabled(), true);
    }
    for (const step of [
      'Choose your service',
      'Pay your deposit',
      'Upload your tracks',
      'Receive in 3-5 days',
    ]) {
      await expectVisible(page.getByRole('heading', { name: step }));
    }
    assert.match(await page.title(), /Book & Pay/);
    await page.context().close();
  });

  it('enables Validate Code only with both an email and a code, and applies a valid code', async () => {
    const code = await referralCode();
    const page = await paymentPage(browser);
    await page.goto('/services-checkout');
    const validate = page.getByRole('button', { name: 'Validate Code' });
    const email = page.getByLabel('Email');
    const codeField = page.getByLabel(/referral code/i);
    assert.equal(await validate.isDisabled(), true);
    await email.fill('friend@example.com');
    assert.equal(await validate.isDisabled(), true);
    await email.fill('');
    await codeField.fill(code);
    assert.equal(await validate.isDisabled(), true);
    // Enter in the code field explains what is missing.
    await codeField.press('Enter');
    await expectVisible(
      toast(page, 'Email Required').getByText('Please enter your email to apply a referral code'),
    );
    await email.fill('friend@example.com');
    assert.equal(await validate.isEnabled(), true);

    await validate.click();
    await expectVisible(toast(page, 'Discount Applied'));
    await expectVisible(page.getByText(/Code applied: 10% off/));
    const mixMaster = page.locator('article.plan-card').nth(1);
    assert.match(await mixMaster.innerText(), /£72/);
    assert.match(await mixMaster.innerText(), /Pay £36 today/);

    // An emptied code clears the validation.
    await codeField.fill('');
    await expectDetached(page.getByText(/Code applied/));
    assert.doesNotMatch(await mixMaster.innerText(), /£72/);
    await page.context().close();
  });

  it('says when a code is invalid', async () => {
    const page = await paymentPage(browser);
    await page.goto('/services-checkout');
    await page.getByLabel('Email').fill('friend@example.com');
    await page.getByLabel(/referral code/i).fill('NOPE2345');
    await page.getByRole('button', { name: 'Validate Code' }).click();
    await expectVisible(toast(page, 'Invalid Code').getByText('Invalid referral code'));
    await expectVisible(page.locator('#referral-status').getByText('Invalid referral code'));
    await page.context().close();
  });

  it('needs an email to book with a referral code', async () => {
    const page = await paymentPage(browser);
    await page.goto('/services-checkout');
    await page.getByLabel(/referral code/i).fill('ABCD2345');
    await page
      .locator('article.plan-card')
      .first()
      .getByRole('button', { name: /book now/i })
      .click();
    await expectVisible(
      toast(page, 'Email Required').getByText('Please enter your email to use your referral code'),
    );
    assert.match(page.url(), /\/services-checkout$/);
    await page.context().close();
  });

  it('books a plan through the hosted checkout for the discounted deposit', async () => {
    const code = await referralCode();
    const page = await paymentPage(browser);
    // Hold the answer a moment so 'Processing...' can be seen on the one plan being booked.
    await page.route('**/api/create-checkout-session', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto('/services-checkout');
    await page.getByLabel('Email').fill('booker@example.com');
    await page.getByLabel(/referral code/i).fill(code);
    await page.getByRole('button', { name: 'Validate Code' }).click();
    await expectVisible(toast(page, 'Discount Applied'));

    const cards = page.locator('article.plan-card');
    await cards
      .nth(1)
      .getByRole('button', { name: /book now/i })
      .click();
    await expectVisible(cards.nth(1).getByRole('button', { name: 'Processing...' }));
    assert.equal(await page.getByRole('button', { name: 'Processing...' }).count(), 1);
    assert.equal(await cards.nth(0).getByRole('button').isDisabled(), true);

    await page.waitForURL(`${FAKE_STRIPE}/checkout/**`);
    const sessionId = await page.getByTestId('session-id').innerText();
    const session = await fake(`/__fake/checkout_sessions/${sessionId}`);
    // £80 less 10% is £72; booking takes the 50% deposit of that.
    assert.equal(session.line_items[0].price_data.unit_amount, '3600');
    assert.equal(session.line_items[0].price_data.product_data.name, 'Mix & Master — 50% deposit');
    assert.equal(session.customer_email, 'booker@example.com');
    assert.equal(session.metadata.referral_code, code);

    await page.locator('#pay').click();
    await page.waitForURL((url) => url.pathname === '/success');
    assert.equal(new URL(page.url()).searchParams.get('session_id'), sessionId);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
    await expectVisible(page.getByText(sessionId));
    // The page names what was booked.
    await expectVisible(page.getByTestId('success-service').getByText('Mix & Master', { exact: true }));
    assert.match(await page.getByTestId('success-lead').innerText(), /^Thank you for booking Mix & Master\./);
    await page.context().close();
  });

  it('tells the visitor when the checkout cannot start', async () => {
    const page = await paymentPage(browser);
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.goto('/services-checkout');
    await page
      .locator('article.plan-card')
      .first()
      .getByRole('button', { name: /book now/i })
      .click();
    await expectVisible(toast(page, 'Checkout Error').getByText('Failed to initiate checkout'));
    assert.equal(await page.getByRole('button', { name: 'Processing...' }).count(), 0);
    await page.context().close();
  });

  it('pays a service deposit on /checkout, whatever amount the URL says', async () => {
    const page = await paymentPage(browser);
    await page.goto(`/checkout?serviceId=${mixId}&amount=999`);
    const summary = page.locator('.checkout__summary');
    await expectVisible(summary.getByText('Mix', { exact: true }));
    assert.match(await page.title(), /Checkout/);
    assert.match(await summary.innerText(), /mixing/);
    assert.match(await summary.innerText(), /Deposit due today \(50%\)\s*£30/);

    const pay = page.getByRole('button', { name: 'Pay £30' });
    await pay.waitFor();
    const clientSecret = await mountedClientSecret(page);
    const intentId = clientSecret.split('_secret_')[0];
    const intent = await fake(`/__fake/payment_intents/${intentId}`);
    assert.equal(intent.amount, 3000);
    assert.equal(intent.metadata.kind, 'deposit');
    // What Stripe reports once the card is charged.
    await fake(`/__fake/payment_intents/${intentId}/status`, { status: 'succeeded' });

    await page.getByTestId('fake-stripe-card-number').waitFor();
    // The receipt address is required: the confirmation mail goes there.
    await pay.click();
    assert.match(page.url(), /\/checkout\?/);
    await page.getByLabel('Email for your receipt').fill('payer@example.com');
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('payment_intent'), intentId);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
    const card = page.locator('.pay-result__card');
    assert.match(await card.innerText(), /£30/);
    assert.match(await card.innerText(), new RegExp(intentId));
    assert.match(await card.innerText(), /confirmation email/i);
    await expectVisible(card.getByRole('link', { name: 'Return Home' }));
    await page.context().close();
  });

  it('confirms with the return URL /payment-success and shows a declined card', async () => {
    const page = await paymentPage(browser);
    await page.goto(`/checkout?serviceId=${mixId}`);
    const pay = page.getByRole('button', { name: 'Pay £30' });
    await pay.waitFor();
    await page.getByTestId('fake-stripe-card-number').fill('4000 0000 0000 0002');
    await page.getByLabel('Email for your receipt').fill('payer@example.com');
    await pay.click();
    await expectVisible(toast(page, 'Payment Failed').getByText('Your card was declined.'));
    const confirm = await page.evaluate(() =>
      window.__fakeStripe.calls.find((c) => c.name === 'stripe.confirmPayment'),
    );
    assert.equal(confirm.args.return_url, `${new URL(page.url()).origin}/payment-success`);
    assert.equal(await pay.isEnabled(), true);
    await page.context().close();
  });

  it('reads a bare amount in pounds, with £50 by default', async () => {
    const page = await paymentPage(browser);
    await page.goto('/checkout?amount=12.5');
    await expectVisible(page.getByRole('button', { name: 'Pay £12.50' }));
    assert.match(await page.locator('.checkout__summary').innerText(), /£12\.50/);
    await page.goto('/checkout');
    await expectVisible(page.getByRole('button', { name: 'Pay £50' }));
    await page.context().close();
  });

  it('shows the Payment Error card when the payment cannot be set up', async () => {
    const page = await paymentPage(browser);
    let answer = {
      status: 502,
      body: {
        success: false,
        message: 'The payment provider could not set up this payment. Please try again later.',
      },
    };
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify(answer.body),
      }),
    );
    await page.goto('/services-checkout');
    await page.goto(`/checkout?serviceId=${mixId}`);
    const card = page.getByRole('alert').filter({ hasText: 'Payment Error' });
    await expectVisible(
      card.getByText('The payment provider could not set up this payment. Please try again later.'),
    );
    await card.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/services-checkout');

    answer = { status: 200, body: { success: true } };
    await page.goto('/checkout?amount=20');
    await expectVisible(page.getByRole('alert').getByText('Invalid response from server'));
    await page.context().close();
  });

  it('says when the service cannot be found', async () => {
    const page = await paymentPage(browser);
    await page.goto('/checkout?serviceId=999999');
    await expectVisible(toast(page, 'Could not fetch service details'));
    await expectVisible(
      page.getByRole('alert').filter({ hasText: 'Payment Error' }).getByText('Unknown service'),
    );
    await page.context().close();
  });

  it('shows a failed payment with Try Again, and a processing one without the email note', async () => {
    const created = await api('/api/create-payment-intent', { method: 'POST', body: { amount: 10 } });
    assert.equal(created.status, 200);
    const { clientSecret } = created.body;
    const intentId = clientSecret.split('_secret_')[0];
    const query = `payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`;

    const page = await paymentPage(browser);
    // The fake reports requires_payment_method until told otherwise: the query's
    // redirect_status does not count, the server's answer does.
    await page.goto(`/payment-success?${query}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Failed' }));
    await expectVisible(toast(page, 'Payment Failed').getByText('Please try another payment method.'));
    await expectVisible(
      page.getByText(
        'We were unable to process your payment. Please try again or contact our support team for assistance.',
      ),
    );
    assert.match(await page.locator('.pay-result__card').innerText(), /£10/);
    const retry = page.getByRole('link', { name: 'Try Again' });
    assert.match(await retry.getAttribute('href'), /^\/checkout/);
    await expectVisible(page.getByRole('link', { name: 'Return Home' }));

    await fake(`/__fake/payment_intents/${intentId}/status`, { status: 'processing' });
    await page.goto(`/payment-success?${query}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Processing' }));
    await expectVisible(
      toast(page, 'Payment Processing').getByText(
        "Your payment is still processing. We'll update you when it's complete.",
      ),
    );
    assert.doesNotMatch(await page.locator('.pay-result__card').innerText(), /confirmation email/i);
    assert.equal(await page.getByRole('link', { name: 'Try Again' }).count(), 0);

    await fake(`/__fake/payment_intents/${intentId}/status`, { status: 'canceled' });
    await page.goto(`/payment-success?${query}`);
    await expectVisible(
      toast(page, 'Something went wrong').getByText('Please contact customer support for assistance.'),
    );

    // No client secret, or an intent Stripe does not know: the error state.
    await page.goto(`/payment-success?payment_intent=${intentId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Failed' }));
    await page.goto(
      '/payment-success?payment_intent=pi_unknown&payment_intent_client_secret=pi_unknown_secret_x',
    );
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Failed' }));
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.context().close();
  });

  it('thanks the customer on /success with the next steps and links', async () => {
    const page = await paymentPage(browser, PHONE);
    await page.goto('/success?session_id=cs_test_e2e_123');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
    const text = await page.locator('.pay-result__card').innerText();
    assert.match(text, /50% deposit has been received/);
    assert.match(text, /cs_test_e2e_123/);
    assert.match(text, /Check your email/);
    assert.match(text, /Upload your tracks/);
    // The booking pages' promise (spec §1), from the one source the mails and the hero use too.
    assert.match(text, /arrives in 3-5 days, with up to two revisions/);
    assert.match(text, /final invoice for the remaining 50%/);
    assert.equal(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href'), '/');
    assert.equal(await page.getByRole('link', { name: 'Your projects' }).getAttribute('href'), '/portal');
    assert.equal(
      await page.getByRole('link', { name: 'Explore Services' }).getAttribute('href'),
      '/services',
    );
    assert.match(
      await page.getByRole('link', { name: /^bookings@/ }).getAttribute('href'),
      /^mailto:bookings@/,
    );
    // Nothing wider than a phone.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await page.context().close();
  });

  it("uses the same card form for the chosen service's deposit on the contact page", async () => {
    const page = await paymentPage(browser);
    await page.goto('/contact?service=mix');
    await page.getByLabel('Name').fill('Dee Posit');
    await page.getByLabel('Email', { exact: true }).fill('dee@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Pay Your Deposit' }));
    const pay = page.getByRole('button', { name: 'Pay £30' });
    await pay.waitFor();
    const clientSecret = await mountedClientSecret(page);
    const intent = await fake(`/__fake/payment_intents/${clientSecret.split('_secret_')[0]}`);
    assert.equal(intent.amount, 3000);
    assert.equal(intent.metadata.service_id, String(mixId));
    await expectVisible(page.getByRole('button', { name: 'Back to Contact Form' }));
    await page.context().close();
  });

  it('says clearly when payments are not configured', async () => {
    const page = await paymentPage(browser, PHONE);
    await page.route('**/api/payments/config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, configured: false, publishableKey: null }),
      }),
    );
    await page.goto(`/checkout?serviceId=${mixId}`);
    await expectVisible(page.getByRole('heading', { name: 'Payments are not configured' }));
    await expectVisible(page.getByRole('link', { name: 'Contact the Studio' }));
    assert.equal(await page.getByRole('button', { name: /^Pay/ }).count(), 0);

    await page.goto('/services-checkout');
    await expectVisible(page.getByRole('heading', { name: 'Payments are not configured' }));
    for (const button of await page.getByRole('button', { name: /book now/i }).all()) {
      assert.equal(await button.isDisabled(), true);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await page.context().close();
  });
});
