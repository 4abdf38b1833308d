/* global document, window */
// The prerendered pages (issue 5's speed budget): / and /contact arrive with their first screen
// in the HTML, paint and work without JavaScript, and are then hydrated in place: the same DOM
// nodes, no mismatch, fully interactive.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { BASE, DESKTOP, PHONE, expectVisible, isHydrated, newPage, toast, useBrowser } from './support.mjs';

async function html(path, headers = {}) {
  const res = await fetch(`${BASE}${path}`, { headers });
  assert.equal(res.status, 200, `${path} answers 200`);
  return { res, body: await res.text() };
}

/** The site name the backend injected for the front end to read. */
function injectedName(body) {
  const block = /<script id="site-config" type="application\/json">([^<]*)<\/script>/.exec(body);
  assert.ok(block, 'the page carries #site-config');
  return JSON.parse(block[1]).name;
}

/** The page's console errors and uncaught exceptions, collected from now on. */
function collectErrors(page) {
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Opens `path` with the site remote held back, runs `beforeHydration` on the static page, then
 * lets the scripts in and waits until React has hydrated.
 */
async function openHoldingScripts(page, path, beforeHydration) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/remotes/site/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' }).catch(() => {});
  await beforeHydration();
  release();
  await page.waitForFunction(isHydrated);
}

describe('site: prerendered first screens', () => {
  const chrome = useBrowser();

  it('sends / and /contact with their first screen, styles and live branding in the HTML', async () => {
    const home = await html('/');
    assert.match(home.body, /<h1 id="hero-heading"[^>]*>Professional audio engineering/);
    assert.match(home.body, /What If My Mix Gets You Signed\?/);
    // The whole home page, sections and their styles included, for visitors and crawlers alike.
    for (const id of ['pricing', 'what-if', 'services', 'about', 'portfolio', 'testimonials', 'newsletter'])
      assert.match(home.body, new RegExp(`<section[^>]* id="${id}"`), `#${id} is in the HTML`);
    assert.match(
      home.body,
      /<link rel="stylesheet" href="\/remotes\/site\/home-sections\.[0-9a-f]{8}\.css">/,
    );
    assert.match(home.body, /<link rel="stylesheet" href="\/remotes\/site\/[^"]+\.css">/);
    // The loader that starts the app after the first paint is inline, allowed by its hash alone.
    const loader =
      /<script data-main="\/assets\/main\.[0-9a-f]{8}\.js" data-preload="[^"]+">([^<]+)<\/script>/.exec(
        home.body,
      );
    assert.ok(loader, 'the page carries the inline loader');
    const hash = createHash('sha256').update(loader[1]).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(home.res.headers.get('content-security-policy'))?.[1];
    assert.ok(scriptSrc?.split(' ').includes(`'sha256-${hash}'`), `the CSP allows the loader: ${scriptSrc}`);
    assert.ok(!scriptSrc.includes("'unsafe-inline'"), 'no other inline script is allowed');
    assert.doesNotMatch(home.body, /%%[A-Z_]+%%/, 'every stand-in is replaced');
    const brand = /<span class="brand__name">([^<]*)<\/span>/.exec(home.body)?.[1];
    assert.equal(brand, injectedName(home.body), 'the header shows the name the browser will render');
    // React separates neighbouring text with empty comments.
    assert.match(home.body, new RegExp(`© (<!-- -->)?${new Date().getFullYear()}(<!-- -->)? `));

    const contact = await html('/contact');
    assert.match(contact.body, /<h1[^>]*>Contact Us<\/h1>/);
    assert.match(contact.body, /<form[^>]*method="post"[^>]*aria-label="Contact form"/);

    // A preselected service changes the form: that page is left to the browser.
    const preselected = await html('/contact?service=Mixing');
    assert.match(preselected.body, /<div id="root"><\/div>/);
    const other = await html('/privacy-policy');
    assert.match(other.body, /<div id="root"><\/div>/);

    const compressed = await html('/', { 'accept-encoding': 'br, gzip' });
    assert.equal(compressed.res.headers.get('content-encoding'), 'br');
    assert.equal(compressed.res.headers.get('cache-control'), 'no-cache');
  });

  it('shows the home page and follows its links with JavaScript off', async () => {
    const context = await chrome.browser.newContext({
      viewport: PHONE,
      baseURL: BASE,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { level: 1, name: /Professional audio engineering/ }));
      const image = page.locator('img.hero__image');
      assert.equal(await image.getAttribute('width'), '560');
      // Styled by the site's own stylesheet: the hero's buttons are laid out as buttons.
      const button = page.getByRole('link', { name: 'Get Your Free Mix*' });
      const box = await button.boundingBox();
      assert.ok(box && box.height >= 40, `the call to action is a full-size button (${box?.height}px)`);
      await button.click();
      await page.waitForURL(/\/contact$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
      assert.ok(await page.getByLabel('Name').isVisible());
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    it(`hydrates / in place, without a mismatch, and it works (${label})`, async () => {
      const page = await newPage(chrome.browser, viewport);
      const errors = collectErrors(page);
      await openHoldingScripts(page, '/', async () => {
        await expectVisible(page.locator('#hero-heading'));
        await page.evaluate(() => {
          window.__prerenderedHeading = document.getElementById('hero-heading');
        });
      });
      assert.equal(
        await page.evaluate(() => window.__prerenderedHeading === document.getElementById('hero-heading')),
        true,
        'the heading painted from the HTML is the one React now owns',
      );
      assert.equal(await page.locator('h1').count(), 1);
      // The rest of the page arrives after the first screen.
      await expectVisible(page.locator('#newsletter'));

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectVisible(page.locator('#site-mobile-menu').getByRole('link', { name: 'Book & Pay Now' }));
      } else {
        await page.evaluate(() => {
          window.__samePage = true;
        });
        await page.getByRole('banner').getByRole('link', { name: 'Free Mix' }).click();
        await expectVisible(page.getByRole('heading', { level: 1, name: 'Contact Us' }));
        assert.equal(await page.evaluate(() => window.__samePage), true, 'navigated without a reload');
      }
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('keeps what a visitor typed into the contact form before it was hydrated', async () => {
    const page = await newPage(chrome.browser, PHONE);
    const errors = collectErrors(page);
    await openHoldingScripts(page, '/contact', async () => {
      await page.getByLabel('Name').fill('Early Typist');
    });
    // The rest is typed once React is in charge; what is sent still carries the early name.
    let sent = null;
    await page.route('**/api/contact', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ json: { success: true, message: 'Message sent.' } });
    });
    await page.getByLabel('Email').fill('early@example.com');
    // Not a bookable service: no deposit step (and no card form to load) follows.
    await page.getByLabel('Service').selectOption('free-mix');
    await page.getByLabel('Message').fill('Typed before and after the page came alive.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectVisible(toast(page, 'Message Sent Successfully!'));
    assert.equal(sent?.name, 'Early Typist');
    assert.equal(sent?.email, 'early@example.com');
    assert.equal(new URL(page.url()).search, '', 'nothing was sent through the URL');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
