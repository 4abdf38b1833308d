/* global document, getComputedStyle, window */
// The public home page (spec §2, §3, §4, §8): sections, prices, portfolio audio, newsletter,
// referral dialog and the section redirects, at desktop and phone widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BASE,
  DESKTOP,
  PHONE,
  expectHidden,
  expectVisible,
  newPage,
  toast,
  uniq,
  useBrowser,
} from './support.mjs';

const SECTION_IDS = [
  'hero',
  'intro',
  'pricing',
  'what-if',
  'services',
  'about',
  'portfolio',
  'testimonials',
  'newsletter',
];

/** Distance from the viewport top to a section, once the page's scroll to it has settled. */
async function settledTop(page, id) {
  // The pricing cards fill in from GET /api/services; the page scrolls once they are in, then
  // drops the scroll request handed over in the router state.
  await page.locator('#pricing .price-card__amount').first().waitFor();
  await page.waitForFunction(() => !window.history.state?.usr?.scrollTo);
  // The scroll may start a few frames later on a busy machine (and is smooth for a visitor who
  // has not asked for less motion, which newPage does): wait for 5 equal reads.
  let last = null;
  let stable = 0;
  for (let i = 0; i < 60 && stable < 4; i++) {
    await page.waitForTimeout(100);
    const top = await page.evaluate(
      (sel) => document.getElementById(sel)?.getBoundingClientRect().top ?? null,
      id,
    );
    stable = top !== null && last !== null && Math.abs(top - last) < 0.5 ? stable + 1 : 0;
    last = top;
  }
  return last;
}

describe('site: home page', () => {
  const chrome = useBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`shows every section in order with the spec's content (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      await page.goto('/');
      await expectVisible(page.locator('#newsletter'));

      const ids = await page.evaluate(() => [...document.querySelectorAll('main [id]')].map((el) => el.id));
      const positions = SECTION_IDS.map((id) => ids.indexOf(id));
      assert.ok(
        positions.every((p) => p >= 0),
        `missing sections: ${SECTION_IDS.filter((_, i) => positions[i] < 0)}`,
      );
      assert.deepEqual(
        [...positions].sort((a, b) => a - b),
        positions,
        'sections are in the spec order',
      );
      assert.ok(ids.includes('free-mix'), 'the free-first-mix band is there');

      assert.equal(await page.locator('h1').count(), 1);
      assert.equal(await page.title(), await page.locator('.brand__name').innerText());

      // Hero
      const hero = page.locator('#hero');
      await expectVisible(hero.getByText('What If My Mix Gets You Signed?'));
      for (const tick of ['100% Rights Retained', '3-Day Delivery', 'No Hidden Fees']) {
        await expectVisible(hero.getByText(tick, { exact: true }));
      }
      await expectVisible(hero.getByText('*New customers only'));
      assert.equal(
        await hero.getByRole('link', { name: 'Get Your Free Mix*' }).getAttribute('href'),
        '/contact',
      );
      assert.match(
        await hero.getByRole('link', { name: 'Book Mix & Master' }).getAttribute('href'),
        /^\/contact\?service=/,
      );
      const heroImage = hero.locator('img');
      assert.equal(await heroImage.getAttribute('width'), '560');
      assert.ok(await heroImage.getAttribute('alt'));
      assert.equal(await hero.locator('.equaliser__bar').count(), 16);

      // Pricing: three cards, prices from the catalogue in the database (GET /api/services), the guarantee
      const pricing = page.locator('#pricing');
      await expectVisible(pricing.locator('.price-card__amount').first());
      const cards = pricing.locator('.price-card');
      assert.equal(await cards.count(), 3);
      assert.deepEqual(await pricing.locator('.price-card__amount').allInnerTexts(), ['£60', '£80', '£40']);
      await expectVisible(pricing.getByText('Save £20'));
      await expectVisible(pricing.getByText('POPULAR'));
      for (const [name, service] of [
        ['Book Mix Session', 'Mix'],
        ['Book Mix & Master', 'Mix & Master'],
        ['Book Master Session', 'Master'],
      ]) {
        const href = await pricing.getByRole('link', { name }).getAttribute('href');
        assert.equal(href, `/contact?service=${encodeURIComponent(service)}`);
      }
      assert.equal(await pricing.locator('.guarantee__item').count(), 3);

      // What if: nine cards, each led by WHAT IF
      const whatIfs = page.locator('#what-if .what-if-card');
      assert.equal(await whatIfs.count(), 9);
      assert.deepEqual(
        [...new Set(await page.locator('#what-if .what-if-card__lead').allInnerTexts())],
        ['WHAT IF'],
      );

      // Services: four cards, four features each, Learn More to /services-checkout
      const services = page.locator('#services .service-card');
      assert.equal(await services.count(), 4);
      for (const name of [
        'Professional Mixing',
        'Music Mastering',
        'Vocal Production',
        'Audio Restoration',
      ]) {
        const card = page.locator('#services .service-card', { hasText: name });
        assert.equal(await card.locator('.service-card__features li').count(), 4);
        assert.equal(
          await card.getByRole('link', { name: /Learn More/ }).getAttribute('href'),
          '/services-checkout',
        );
      }
      await expectVisible(page.locator('#services').getByText('Loudness for streaming'));
      await expectVisible(page.locator('#services').getByText('Archival preservation'));

      // Free mix band
      assert.equal(
        await page
          .locator('#free-mix')
          .getByRole('link', { name: 'Start Your Free Mix' })
          .getAttribute('href'),
        '/contact',
      );

      // About: badges open in a new tab
      const badges = page.locator('#about .badge-link');
      assert.equal(await badges.count(), 2);
      for (const badge of await badges.all()) {
        assert.equal(await badge.getAttribute('target'), '_blank');
        assert.match(await badge.getAttribute('rel'), /noopener/);
      }
      assert.equal(await page.locator('#about img').getAttribute('loading'), 'lazy');

      // Portfolio: five tracks, mp3 first then wav, nothing preloaded
      const tracks = page.locator('#portfolio .track-card');
      assert.equal(await tracks.count(), 5);
      assert.deepEqual(await page.locator('#portfolio .track-card__title').allInnerTexts(), [
        'Sun Is Out',
        'Dubbi',
        'Make You Smile',
        'Great Mystery',
        'Prosperity',
      ]);
      const audio = await page.evaluate(() =>
        [...document.querySelectorAll('#portfolio audio')].map((a) => ({
          preload: a.getAttribute('preload'),
          types: [...a.querySelectorAll('source')].map((s) => s.type),
          src: a.querySelector('source').src,
        })),
      );
      for (const a of audio) {
        assert.equal(a.preload, 'none');
        assert.deepEqual(a.types, ['audio/mpeg', 'audio/wav']);
      }
      const mp3 = await fetch(audio[0].src);
      assert.equal(mp3.status, 200);
      assert.match(mp3.headers.get('content-type'), /audio\/mpeg/);
      // Not read: an unread body holds its connection, and the test process with it, for ~30 s.
      await mp3.body.cancel();
      const sunIsOut = page.locator('#portfolio .track-card', { hasText: 'Sun Is Out' });
      assert.deepEqual(await sunIsOut.locator('.track-card__services li').allInnerTexts(), [
        'Beat production',
        'Vocal recording',
        'Mixing',
        'Mastering',
      ]);

      // Testimonials: two, five stars each
      assert.equal(await page.locator('#testimonials .testimonial').count(), 2);
      assert.equal(await page.getByRole('img', { name: 'Rated 5 out of 5' }).count(), 2);
      await expectVisible(page.locator('#testimonials').getByText('Independent Artist'));
      await expectVisible(page.locator('#testimonials').getByText('Record Label'));

      // Newsletter pitch and the referral banner
      await expectVisible(page.locator('#newsletter').getByText('Refer a Friend, Get 10% Off!').first());
      await expectVisible(
        page
          .locator('#newsletter')
          .getByText(/free mixing guide/i)
          .first(),
      );
      await page.context().close();
    });
  }

  it('keeps the equaliser still for visitors who prefer reduced motion', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const still = await page
      .locator('.equaliser__bar')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(still, 'none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await page
      .locator('.equaliser__bar')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(moving, 'equaliser');
    await page.context().close();
  });

  it('subscribes to the newsletter, and asks for an email when it is empty', async () => {
    const page = await newPage(chrome.browser, PHONE);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    await form.scrollIntoViewIfNeeded();

    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectVisible(toast(page, 'Email required'));
    await expectVisible(page.getByText('Please enter your email address to subscribe').first());

    // Hold the request so the submitting state can be seen.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/newsletter/subscribe', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByLabel('Email address').fill(`${uniq('news')}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectVisible(form.getByRole('button', { name: 'Subscribing...' }));
    assert.equal(await form.getByLabel('Email address').isDisabled(), true);
    assert.equal(await form.getByRole('button', { name: 'Subscribing...' }).isDisabled(), true);
    release();

    await expectVisible(toast(page, 'Check your inbox'));
    await expectVisible(
      page.getByText("Almost there! We've sent you an email with a link to confirm").first(),
    );
    assert.equal(await form.getByLabel('Email address').inputValue(), '');
    assert.equal(await form.getByLabel('Email address').isDisabled(), false);
    await page.context().close();
  });

  it('shows the failure toast when subscribing fails', async () => {
    const page = await newPage(chrome.browser);
    await page.route('**/api/newsletter/subscribe', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Please enter a valid email address' }),
      }),
    );
    await page.goto('/section/newsletter');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    await form.getByLabel('Email address').fill('someone@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectVisible(toast(page, 'Subscription failed'));
    await expectVisible(page.getByText('Please enter a valid email address').first());
    await page.context().close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`generates a referral code in the dialog and copies it (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
      await page.goto('/section/newsletter');
      const opener = page.getByRole('button', { name: 'Get Your Referral Code' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Refer a Friend' });
      await expectVisible(dialog);
      // Keyboard: focus starts inside, Escape closes, focus goes back to the banner's button.
      assert.equal(await dialog.evaluate((el) => el.contains(document.activeElement)), true);
      await page.keyboard.press('Escape');
      await expectHidden(dialog);
      assert.equal(await opener.evaluate((el) => el === document.activeElement), true);
      await opener.click();
      await expectVisible(dialog);

      await dialog.getByLabel('Your email').fill('not-an-email');
      await dialog.getByRole('button', { name: 'Generate Referral Code' }).click();
      await expectVisible(dialog.getByText('Please enter a valid email address.'));

      let release;
      const held = new Promise((r) => (release = r));
      await page.route('**/api/referral/generate', async (route) => {
        await held;
        await route.continue();
      });
      await dialog.getByLabel('Your email').fill(`${uniq('ref')}@example.com`);
      await dialog.getByRole('button', { name: 'Generate Referral Code' }).click();
      await expectVisible(dialog.getByRole('button', { name: 'Generating...' }));
      release();

      await expectVisible(toast(page, 'Referral Code Generated!'));
      const code = (await dialog.locator('.referral-result__code').innerText()).trim();
      assert.match(code, /^[A-Z0-9]{6,20}$/);
      await expectVisible(dialog.getByText('10% off'));
      await expectVisible(dialog.getByText('Expires'));

      await dialog.getByRole('button', { name: 'Copy referral code' }).click();
      await expectVisible(toast(page, 'Copied to clipboard'));
      const copied = dialog.getByRole('button', { name: 'Copied' });
      await expectVisible(copied);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
      // The check mark goes back to the copy icon after COPY_CONFIRMATION_MS (2 s).
      await expectVisible(dialog.getByRole('button', { name: 'Copy referral code' }), { timeout: 4000 });

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectHidden(dialog);
      await page.context().close();
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`lands on a section 100px below the top from /section/{name} and /services (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      for (const [path, id] of [
        ['/section/portfolio', 'portfolio'],
        ['/section/what-if', 'what-if'],
        ['/services', 'services'],
      ]) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/');
        await expectVisible(page.locator(`#${id}`));
        const top = await settledTop(page, id);
        assert.ok(Math.abs(top - 100) <= 2, `${path}: section top at ${top}px, expected 100px`);
      }
      await page.context().close();
    });
  }

  it('goes from another page to a home section through the header (desktop) and the menu (phone)', async () => {
    const desktop = await newPage(chrome.browser, DESKTOP);
    await desktop.goto('/contact');
    await desktop.locator('header').getByRole('link', { name: 'Pricing', exact: true }).click();
    await desktop.waitForURL((url) => url.pathname === '/');
    assert.ok(Math.abs((await settledTop(desktop, 'pricing')) - 100) <= 2);
    await desktop.context().close();

    const phone = await newPage(chrome.browser, PHONE);
    await phone.goto('/privacy-policy');
    await phone.getByRole('button', { name: /menu/i }).click();
    await phone
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Testimonials' })
      .click();
    await phone.waitForURL((url) => url.pathname === '/');
    assert.ok(Math.abs((await settledTop(phone, 'testimonials')) - 100) <= 2);
    await phone.context().close();
  });
});
