// Projects part 2 end to end, in one short loop: staff post a version (the preview job runs),
// the client leaves a note at a moment in the review player and submits the round, staff post
// the next version, the client approves, the balance mail's /pay link opens the (fake) hosted
// Stripe Checkout, a signed webhook settles it, and the final files unlock on the project page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminToken, expectVisible, mailTo, newPage, signInWithToken, useBrowser, wav } from './support.mjs';
import * as portal from './portal-helpers.mjs';

describe('Client review loop', () => {
  const chrome = useBrowser();

  it('goes from a posted version to unlocked downloads', async () => {
    const token = await adminToken();

    // A paid Mix deposit opens the project; staff accept the files, post version 1 and a final file.
    const { email, projectId } = await portal.paidClient('review');
    await portal.readyForReview(token, projectId);

    // Staff listen on the project page in the same player as the client (its waveform from the
    // stored peaks): the URL plays with the pass the page's request for it set.
    const staff = await newPage(chrome.browser);
    await signInWithToken(staff, token);
    // Listening from the start: the player may ask for the preview before the click (preload).
    const played = staff.waitForResponse((r) => r.url().includes('/api/media/previews/'), { timeout: 30000 });
    await staff.goto(`/admin/projects/${projectId}`);
    await expectVisible(staff.getByTestId('review-player'));
    await portal.waveformDrawn(staff);
    await staff.getByTestId('play').click();
    const preview = await played;
    assert.ok([200, 206].includes(preview.status()), `the staff preview answered ${preview.status()}`);
    assert.equal(preview.headers()['content-type'], 'audio/mpeg');
    await staff.context().close();

    // The client signs in from the newest mail (each new link revokes the older ones) and
    // reviews: the player comes in its own chunk, from stored peaks.
    const ready = await mailTo(email, /Version 1 of your .+ is ready to review/);
    const page = await portal.signInToPortal(chrome.browser, portal.signInLinkIn(ready));
    await page.goto(`/portal/projects/${projectId}`);
    await expectVisible(page.getByTestId('portal-status').getByText('In review'));
    await expectVisible(page.getByTestId('review-player'));
    await portal.waveformDrawn(page);
    // The arrow key jumps 5 s; the note is taken at the playhead.
    await page.locator('body').press('ArrowRight');
    await expectVisible(page.getByTestId('player-time').getByText(/^0:05\.0/));
    await page.getByTestId('note-input').fill('Vocal a touch louder here');
    await page.getByTestId('add-note').click();
    await expectVisible(page.getByTestId('comment-list').getByText('v1 · 0:05.0'));
    await page.getByTestId('submit-round').click();
    await expectVisible(page.getByText('Your notes were sent as round 1 of 2.'));
    await expectVisible(page.getByTestId('portal-status').getByText('Revision requested'));

    // The next version; the earlier note stays readable; the client approves.
    await portal.postVersion(token, projectId, 6, 'Song v2.wav');
    await page.reload();
    await expectVisible(page.getByTestId('portal-status').getByText('In review'));
    await expectVisible(page.getByTestId('comment-list').getByText('Vocal a touch louder here'));
    // Approving asks first; then the page leads with the balance to pay.
    await page.getByTestId('approve').click();
    await page.getByTestId('approve-confirm').click();
    await expectVisible(page.getByTestId('next-step').getByRole('heading', { name: 'Pay balance £30' }));

    // The balance mail's link: the open Checkout Session, paid on the fake hosted page.
    const balanceMail = await mailTo(email, /balance of £30/);
    const payPath = new URL(/https?:\/\/[^\s"<]+\/pay\/[\w-]+/.exec(balanceMail.text)[0]).pathname;
    await page.goto(payPath);
    await expectVisible(page.getByTestId('pay-amount').getByText('£30'));
    await page.getByTestId('pay-button').click();
    const session = await portal.payAtFakeCheckout(page);
    assert.equal(session.metadata.kind, 'balance');

    await page.goto(`${payPath}?paid=1`);
    await expectVisible(page.getByTestId('pay-paid'));
    await page.goto(`/portal/projects/${projectId}`);
    await expectVisible(page.getByTestId('portal-status').getByText('Delivered'));
    const link = page.getByTestId('downloads').getByRole('link', { name: 'Song final.wav' });
    const href = await link.getAttribute('href');
    const download = await page.request.get(href);
    assert.equal(download.status(), 200);
    assert.equal((await download.body()).length, wav(1).length);
    await expectVisible(page.getByTestId('money-balance').getByText('Balance of £30 paid. Thank you!'));
    await page.context().close();
  });
});
