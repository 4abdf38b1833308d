/* global document, window, getComputedStyle */
// The client's project on a phone (issue 26): the whole loop at 390×844 on a touch screen, from
// the first mail to the download, with every client page also opened at 320×640 (same session)
// and checked for sideways scrolling; then the site's phone fixes (menu jumps, the toast and the
// card form, the newsletter confirmation card).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { PDFParse } from 'pdf-parse';
import {
  BASE,
  adminToken,
  api,
  expectDetached,
  expectVisible,
  mailTo,
  newPage,
  toast,
  uniq,
  useBrowser,
  wav,
} from './support.mjs';
import * as portal from './portal-helpers.mjs';

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 320, height: 640 };
const TOUCH = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const FAKE_STRIPE_JS = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fake-stripe', 'stripe.js');

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function assertNoSideScroll(page, what) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${what}: ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

/** The same page at 320×640, in a context that carries the phone's session. */
async function checkSmall(phone, path, what, ready) {
  const small = await newPage(phone.context().browser(), SMALL, {
    ...TOUCH,
    storageState: await phone.context().storageState(),
  });
  await small.goto(path);
  await ready(small);
  await assertNoSideScroll(small, `${what} at 320 px`);
  await small.context().close();
}

async function pdfTextOf(buffer) {
  assert.equal(buffer.subarray(0, 5).toString(), '%PDF-');
  const parser = new PDFParse({ data: buffer });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function heightOf(locator) {
  return (await locator.boundingBox())?.height ?? 0;
}

describe('The client project on a phone', () => {
  const chrome = useBrowser();

  it('walks the client loop at 390×844, every client page also inside 320 px', async (t) => {
    const token = await adminToken();
    const { email, link, projectId } = await portal.paidClient('phone');
    const projectPath = `/portal/projects/${projectId}`;

    // The first mail signs in and opens the project itself; it counts in words.
    const created = await mailTo(email, /project is open/);
    assert.ok(link.includes(`?next=${projectPath}#token=`), link);
    assert.match(created.text, /Your booking includes 2 revision rounds\./);
    const phone = await portal.signInToPortal(chrome.browser, link, PHONE, TOUCH);
    assert.equal(new URL(phone.url()).pathname, projectPath);
    const next = phone.getByTestId('next-step');
    await expectVisible(next.getByRole('heading', { name: 'Send your files' }));
    assert.match(await phone.title(), /^Mix project \| /);

    // The uploader: dark like the site, a real "Choose files" button first.
    const choose = phone.getByRole('button', { name: 'Choose files' });
    await expectVisible(choose);
    assert.ok((await heightOf(choose)) >= 44, 'a 44 px "Choose files" button');
    const uploaderBg = await phone.evaluate(
      () => getComputedStyle(document.querySelector('.uppy-Dashboard-inner')).backgroundColor,
    );
    const [r, g, b] = uploaderBg.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 200, `the uploader is dark (${uploaderBg})`);
    await phone.locator('input.uppy-Dashboard-input').first().setInputFiles({
      name: 'Lead vocal, comped and tuned, final take for the second chorus.wav',
      mimeType: 'audio/wav',
      buffer: wav(),
    });
    await phone.getByRole('button', { name: /Upload 1 file/ }).click();
    await expectVisible(phone.getByTestId('portal-files').getByText(/second chorus\.wav/), {
      timeout: 30000,
    });
    await assertNoSideScroll(phone, 'project page with an upload');
    await checkSmall(phone, projectPath, 'project page with an upload', (p) =>
      expectVisible(p.getByTestId('portal-files').getByText(/second chorus\.wav/)),
    );

    // The studio accepts the files, posts version 1 and a final file for later.
    await portal.readyForReview(token, projectId);

    // The version mail names the version and lands on the project, in review.
    const ready = await mailTo(email, /Version 1 of your Mix/);
    assert.match(ready.text, /Version 1 \(Mix\) of your Mix project is ready to review\./);
    assert.ok(ready.text.includes(`${BASE}${projectPath}`) || ready.text.includes(projectPath));
    const readyLink = new URL(portal.signInLinkIn(ready));
    await phone.goto(`${readyLink.pathname}${readyLink.search}${readyLink.hash}`);
    await phone.waitForURL((url) => url.pathname === projectPath);
    await expectVisible(next.getByRole('heading', { name: 'Listen to version 1 and give your notes' }));
    await expectVisible(phone.getByTestId('review-player'));
    await portal.waveformDrawn(phone);
    // A touch screen has no keys: no keyboard hint.
    assert.equal(await phone.getByTestId('keyboard-hint').isVisible(), false);
    assert.ok((await heightOf(phone.getByTestId('play'))) >= 44);

    // Notes: added, edited and deleted by their author before the round is sent.
    const notes = phone.getByTestId('comment-list');
    await phone.getByTestId('note-input').fill('Kick too loud');
    await phone.getByTestId('add-note').click();
    await expectVisible(notes.getByText('Kick too loud'));
    await notes.getByRole('button', { name: /^Edit your note/ }).click();
    await phone.getByTestId('note-edit-input').fill('Kick a touch quieter in the intro');
    await phone.getByRole('button', { name: 'Save note' }).click();
    await expectVisible(notes.getByText('Kick a touch quieter in the intro'));
    await phone.getByTestId('note-input').fill('Remove me');
    await phone.getByTestId('add-note').click();
    await expectVisible(notes.getByText('Remove me'));
    await notes
      .getByRole('listitem')
      .filter({ hasText: 'Remove me' })
      .getByRole('button', { name: /^Delete your note/ })
      .click();
    await phone.getByRole('button', { name: 'Delete note' }).click();
    await expectDetached(notes.getByText('Remove me'));
    await assertNoSideScroll(phone, 'review player');
    await checkSmall(phone, projectPath, 'review player', (p) =>
      expectVisible(p.getByTestId('review-player')),
    );
    await phone.getByTestId('submit-round').click();
    await expectVisible(phone.getByText('Your notes were sent as round 1 of 2.'));
    await expectVisible(phone.getByTestId('portal-status').getByText('Revision requested'));

    // Version 2: styled selects, A/B named after the versions, notes of a sent round locked.
    await portal.postVersion(token, projectId, 6, 'Song v2.wav');
    await phone.reload();
    await expectVisible(next.getByRole('heading', { name: 'Listen to version 2 and give your notes' }));
    const select = phone.getByTestId('version-select');
    await expectVisible(select);
    const look = await select.evaluate((el) => {
      const s = getComputedStyle(el);
      return { appearance: s.appearance, height: el.getBoundingClientRect().height, bg: s.backgroundColor };
    });
    assert.equal(look.appearance, 'none');
    assert.ok(look.height >= 44, `select ${look.height} px high`);
    const abNew = phone.getByRole('button', { name: 'v2', exact: true });
    const abOld = phone.getByRole('button', { name: 'v1', exact: true });
    assert.ok((await heightOf(abNew)) >= 44 && (await heightOf(abOld)) >= 44, 'A/B buttons of 44 px');
    assert.equal(await abNew.getAttribute('aria-pressed'), 'true');
    await abOld.click();
    assert.equal(await abOld.getAttribute('aria-pressed'), 'true');
    await expectVisible(notes.getByText('Kick a touch quieter in the intro'));
    assert.equal(await notes.getByRole('button', { name: /^Edit your note/ }).count(), 0);
    await assertNoSideScroll(phone, 'player with two versions');
    await checkSmall(phone, projectPath, 'player with two versions', (p) =>
      expectVisible(p.getByTestId('version-select')),
    );

    // Approving asks first and says what follows; then the page leads with the Pay button.
    await phone.getByTestId('approve').click();
    const dialog = phone.getByRole('dialog', { name: 'Approve version 2?' });
    await expectVisible(dialog);
    assert.match(await dialog.innerText(), /pay the balance of £30/);
    assert.match(await dialog.innerText(), /final files unlock as soon as it is paid/);
    await dialog.getByTestId('approve-confirm').click();
    await expectVisible(next.getByRole('heading', { name: 'Pay balance £30' }));
    const breakdown = await next.getByTestId('balance-breakdown').innerText();
    assert.match(breakdown, /Quote\s+£60/);
    assert.match(breakdown, /Deposit paid\s+− £30/);
    assert.match(breakdown, /Balance due\s+£30/);
    assert.match(await next.getByTestId('pay-unlocks').innerText(), /unlocks your 1 final file/);
    await assertNoSideScroll(phone, 'project page, balance to pay');
    await checkSmall(phone, projectPath, 'project page, balance to pay', (p) =>
      expectVisible(p.getByTestId('pay-balance')),
    );

    // The balance mail links the pay page and the project page.
    const balanceMail = await mailTo(email, /balance of £30/);
    assert.ok(balanceMail.text.includes(projectPath), 'the balance mail links the project');

    // The pay page: the same breakdown, what unlocks, the Pay button.
    await next.getByTestId('pay-balance').click();
    await phone.waitForURL((url) => url.pathname.startsWith('/pay/'));
    const payPath = new URL(phone.url()).pathname;
    assert.ok(balanceMail.text.includes(payPath), 'the mail and the page name the same pay link');
    await expectVisible(phone.getByTestId('pay-amount').getByText('£30'));
    assert.match(await phone.getByTestId('balance-breakdown').innerText(), /Deposit paid\s+− £30/);
    assert.match(await phone.getByTestId('pay-unlocks').innerText(), /unlocks your 1 final file/);
    await assertNoSideScroll(phone, 'pay page');
    await checkSmall(phone, payPath, 'pay page', (p) => expectVisible(p.getByTestId('pay-button')));
    await phone.getByTestId('pay-button').click();
    await portal.payAtFakeCheckout(phone);
    await phone.goto(`${payPath}?paid=1`);
    await expectVisible(phone.getByTestId('pay-paid'));

    // Downloads: large buttons, the ZIP named after the project and the service.
    await phone.goto(projectPath);
    await expectVisible(next.getByRole('heading', { name: 'Download your final files' }));
    const zip = phone.getByTestId('download-zip');
    await expectVisible(zip);
    const zipName = `${email.split('@')[0]}-mix-final.zip`;
    assert.match(await zip.innerText(), new RegExp(zipName.replace(/\./g, '\\.')));
    assert.ok((await heightOf(zip)) >= 48, 'a large download button');
    const zipRes = await phone.request.get(await zip.getAttribute('href'));
    assert.equal(zipRes.status(), 200);
    assert.match(
      zipRes.headers()['content-disposition'],
      new RegExp(`filename="${zipName.replace(/\./g, '\\.')}"`),
    );
    const file = phone.getByTestId('downloads').getByRole('link', { name: /Song final\.wav/ });
    assert.ok((await heightOf(file)) >= 48);

    // Receipts: one per payment, PDFs that open, with the right totals.
    const receipts = phone.getByTestId('receipts');
    await expectVisible(receipts.getByRole('link').nth(1));
    assert.equal(await receipts.getByRole('link').count(), 2);
    const balanceReceipt = receipts.getByRole('link', { name: /Balance/ });
    const pdf = await phone.request.get(await balanceReceipt.getAttribute('href'));
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    const text = await pdfTextOf(await pdf.body());
    for (const line of [/Mix: quote\s+£60\.00/, /Deposit paid\s+-£30\.00/, /Total paid\s+£30\.00/, /Receipt/])
      assert.match(text, line);
    const depositReceipt = receipts.getByRole('link', { name: /Deposit/ });
    const depositText = await pdfTextOf(
      await (await phone.request.get(await depositReceipt.getAttribute('href'))).body(),
    );
    assert.match(depositText, /Total paid\s+£30\.00/);
    assert.match(depositText, /Mix/);
    // The payment mail links its receipt, which opens without signing in.
    // (The deposit's confirmation came first; the balance's, also £30, second.)
    const confirmation = await mailTo(email, /Payment confirmed: £30 for Mix/, 2);
    const receiptUrl = /https?:\/\/[^\s"<]+\/api\/receipts\/[^\s"<]+/.exec(confirmation.text)?.[0];
    assert.ok(receiptUrl, 'the payment mail links the receipt');
    const fromMail = await fetch(`${BASE}${new URL(receiptUrl).pathname}${new URL(receiptUrl).search}`);
    assert.equal(fromMail.status, 200);
    assert.match(await pdfTextOf(Buffer.from(await fromMail.arrayBuffer())), /Total paid\s+£30\.00/);
    await assertNoSideScroll(phone, 'project page with downloads');
    await checkSmall(phone, projectPath, 'project page with downloads', (p) =>
      expectVisible(p.getByTestId('download-zip')),
    );
    await checkSmall(phone, '/portal', 'project list', (p) =>
      expectVisible(p.getByRole('link', { name: /Mix/ }).first()),
    );
    await phone.context().close();

    // With the session over, the project page signs in by mail and comes back to the project.
    const later = await newPage(chrome.browser, PHONE, TOUCH);
    await later.goto(projectPath);
    await expectVisible(later.getByRole('heading', { name: 'Sign in to your projects' }));
    await assertNoSideScroll(later, 'sign-in form');
    await later.getByLabel('Email').fill(email);
    await later.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expectVisible(later.getByRole('status'));
    const again = new URL(portal.signInLinkIn(await mailTo(email, /Your sign-in link/)));
    assert.equal(again.searchParams.get('next'), projectPath);
    await later.goto(`${again.pathname}${again.search}${again.hash}`);
    await later.waitForURL((url) => url.pathname === projectPath);
    await expectVisible(later.getByTestId('download-zip'));
    await later.context().close();
    t.diagnostic(`project ${projectId}: loop done`);
  });

  it('fixes the site on a phone: menu jumps, the toast over the card, the confirmation card', async () => {
    // The menu's jumps land the section heading 100 px from the top (below the sticky header).
    const home = await newPage(chrome.browser, PHONE, TOUCH);
    await home.goto('/');
    await expectVisible(home.locator('#pricing .price-card__amount').first());
    for (const [label, id] of [
      ['Services', 'services'],
      ['Newsletter', 'newsletter'],
    ]) {
      await home.getByRole('button', { name: /menu/i }).click();
      await home.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: label }).click();
      let last = null;
      let stable = 0;
      for (let i = 0; i < 60 && stable < 4; i++) {
        await home.waitForTimeout(100);
        const top = await home.evaluate((s) => document.getElementById(s).getBoundingClientRect().top, id);
        stable = last !== null && Math.abs(top - last) < 0.5 ? stable + 1 : 0;
        last = top;
      }
      assert.ok(Math.abs(last - 100) <= 2, `${label}: heading at ${last} px, expected 100`);
    }
    await home.context().close();

    // The "Message Sent" toast does not cover the card fields of the deposit step.
    const contact = await newPage(chrome.browser, PHONE, TOUCH);
    await contact.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ path: FAKE_STRIPE_JS, contentType: 'application/javascript' }),
    );
    await contact.goto('/contact?service=mix');
    await contact.getByLabel('Name').fill('Pho Ne');
    await contact.getByLabel('Email', { exact: true }).fill(`${uniq('phone')}@example.com`);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    const sent = toast(contact, 'Message Sent Successfully!');
    await expectVisible(sent);
    const form = contact.locator('form.pay-form');
    await expectVisible(form);
    const [a, b] = [await sent.locator('xpath=ancestor::li[1]').boundingBox(), await form.boundingBox()];
    assert.ok(a && b);
    const overlap =
      a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
    assert.ok(!overlap, `toast ${JSON.stringify(a)} over the card form ${JSON.stringify(b)}`);
    await contact.context().close();

    // The newsletter confirmation page keeps its card inside a 320 px screen, long address and all.
    const address = `${uniq('a-rather-long-newsletter-address-')}@example.com`;
    const subscribed = await api('/api/newsletter/subscribe', { method: 'POST', body: { email: address } });
    assert.ok(subscribed.status < 300, `subscribe: ${subscribed.status}`);
    const confirm = await mailTo(address, /confirm/i);
    const confirmUrl = new URL(
      /https?:\/\/[^\s"<]+\/api\/newsletter\/confirm\?token=[^\s"<]+/.exec(confirm.text)[0],
    );
    const small = await newPage(chrome.browser, SMALL, TOUCH);
    await small.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
    await expectVisible(small.getByRole('heading', { name: 'Your subscription is confirmed' }));
    await assertNoSideScroll(small, 'newsletter confirmation');
    const card = await small.locator('main').boundingBox();
    assert.ok(card.x >= 0 && card.x + card.width <= SMALL.width, `card ${JSON.stringify(card)}`);
    await small.context().close();
  });
});
