// The studio loop from both seats (issue 22): the client uploads stems; staff download them from
// the project page (each file and the ZIP, byte for byte), accept them, send a version by tus
// and go on after a reload from where it stopped; the client leaves a note in the review player;
// staff answer it in the same player on their desk, and the client reads the answer; then the
// next version, approval, the balance paid and the final files downloaded, while the dashboard's
// list of waiting work gains and loses the project at each step.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminToken, api, expectVisible, launch, mailTo, newPage, signInWithToken, wav } from './support.mjs';
import * as portal from './portal-helpers.mjs';

/** Whether the dashboard's waiting work lists the project under `kind`, once it settles (10 s). */
async function waits(token, projectId, kind, expected) {
  let listed;
  for (let i = 0; i < 40; i++) {
    const res = await api(`/api/admin/dashboard/actions?kind=${kind}`, { token });
    assert.equal(res.status, 200);
    listed = res.body.actions.some((a) => a.projectId === projectId);
    if (listed === expected) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(listed, expected, `${kind} ${expected ? 'lists' : 'no longer lists'} the project`);
}

/** The entries of a ZIP whose entries are stored (as the app's are), by its central directory. */
function readStoredZip(zip) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'a ZIP');
  const entries = [];
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Clicks something that downloads a file and returns the saved bytes and suggested name. */
async function download(page, locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), locator.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

describe("The engineer's desk", () => {
  let browser;
  let dir;
  before(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'desk-'));
  });
  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the stems to staff, a version back by tus across a reload, a note and its answer, then approval, payment and the final files', async () => {
    const token = await adminToken();
    const { email, link, projectId } = await portal.paidClient('desk');

    // The client sends two stems.
    const stems = { 'Kick.wav': wav(1, 60), 'Lead Vocal.wav': wav(2, 440) };
    const client = await portal.signInToPortal(browser, link);
    await client.locator('.uppy-Dashboard').waitFor();
    await client
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles(
        Object.entries(stems).map(([name, buffer]) => ({ name, mimeType: 'audio/wav', buffer })),
      );
    await client.getByRole('button', { name: /Upload 2 files/ }).click();
    await expectVisible(client.getByTestId('portal-status').getByText('Files received'), { timeout: 30000 });
    await waits(token, projectId, 'files_arrived', true);

    // Staff download each stem and the ZIP from the project page: the same bytes.
    const staff = await newPage(browser);
    await signInWithToken(staff, token);
    await staff.goto(`/admin/projects/${projectId}`);
    for (const [name, bytes] of Object.entries(stems)) {
      const got = await download(staff, staff.getByRole('link', { name: `Download ${name}` }));
      assert.equal(got.name, name);
      assert.ok(got.bytes.equals(bytes), `${name} arrives byte for byte`);
    }
    const zip = await download(staff, staff.getByRole('link', { name: /Download all \(ZIP\)/ }));
    assert.match(zip.name, /-mix-client-files\.zip$/);
    const entries = readStoredZip(zip.bytes);
    assert.deepEqual(entries.map((e) => e.name).sort(), Object.keys(stems).sort());
    for (const e of entries) assert.ok(e.data.equals(stems[e.name]), `${e.name} in the ZIP`);
    // Each download is on the project's timeline.
    await staff.reload();
    await expectVisible(staff.getByText(/Downloaded by .+ as one ZIP of 2 files: .*Kick\.wav/));
    await staff.getByRole('button', { name: 'Files accepted' }).click();
    await waits(token, projectId, 'files_arrived', false);

    // A version by tus, over a slow uplink, with the tab reloaded half way.
    const song = join(dir, 'Song v1.wav');
    writeFileSync(song, wav(43));
    utimesSync(song, new Date('2026-01-01'), new Date('2026-01-01'));
    const uploads = await portal.watchTusUploads(staff);
    await uploads.throttle(1_000_000);
    const chooseSong = async () => {
      const [chooser] = await Promise.all([
        staff.waitForEvent('filechooser'),
        staff.getByRole('button', { name: 'Upload a version' }).click(),
      ]);
      await chooser.setFiles(song);
    };
    await chooseSong();
    await expectVisible(staff.getByTestId('upload-version'));
    const { upload, stored: before } = await uploads.midway(2_000_000);
    assert.ok(before >= 2_000_000, `mid-upload when reloaded (${before} bytes stored)`);

    await staff.reload();
    await uploads.throttle(-1);
    await expectVisible(staff.getByTestId('unfinished-version').getByText(/Song v1\.wav/));
    const restarted = uploads.patches.length;
    await chooseSong();
    await expectVisible(staff.getByTestId('upload-version').getByText(/resumed/));
    await expectVisible(staff.getByTestId('upload-version').getByText(/(\d+\.\d) MB of \1 MB/), {
      timeout: 30000,
    });
    const resumed = uploads.patches.slice(restarted);
    assert.ok(resumed.length > 0, 'the reloaded tab sent the rest');
    assert.equal(resumed[0].url, upload, 'the same upload, not a new one');
    assert.ok(resumed[0].offset >= before, `resumed at ${resumed[0].offset}, not from 0`);

    // The preview job runs; the client hears it and leaves a note at 0:05.
    await mailTo(email, /Version 1 of your .+ is ready to review/);
    await client.reload();
    await expectVisible(client.getByTestId('review-player'));
    await portal.waveformDrawn(client);
    await client.locator('body').press('ArrowRight');
    await expectVisible(client.getByTestId('player-time').getByText(/^0:05\.0/));
    await client.getByTestId('note-input').fill('Kick a touch louder here');
    await client.getByTestId('add-note').click();
    await client.getByTestId('submit-round').click();
    await expectVisible(client.getByText(/Your notes were sent as round 1/));
    await waits(token, projectId, 'round_submitted', true);

    // Staff see the note on their own player and answer it there.
    await staff.reload();
    const desk = staff.getByTestId('review-player');
    await expectVisible(desk.getByTestId('comment-list').getByText('Kick a touch louder here'));
    await desk.getByRole('button', { name: 'Reply to the note at v1 · 0:05.0' }).click();
    await desk.getByTestId('reply-input').fill('Raised it 2 dB in v2.');
    await desk.getByTestId('send-reply').click();
    await expectVisible(desk.getByTestId('comment-list').getByText('Raised it 2 dB in v2.'));

    // The client reads the answer under the note (the staff list may show it a moment before the
    // server has stored it, so the client's page is read again until it is there).
    const answer = client.getByTestId('comment-list').getByText('Raised it 2 dB in v2.');
    for (let attempt = 1; ; attempt++) {
      await client.reload();
      try {
        await expectVisible(answer, { timeout: 10000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }

    // Version 2 answers the round; with a final file ready, the client approves it.
    await portal.postVersion(token, projectId, 6, 'Song v2.wav');
    await waits(token, projectId, 'round_submitted', false);
    await portal.postFinal(token, projectId, 1, 'Song final.wav');
    await client.reload();
    await client.getByTestId('approve').click();
    await client.getByTestId('approve-confirm').click();
    await expectVisible(client.getByTestId('pay-balance'));
    await waits(token, projectId, 'balance_unpaid', true);

    // The client pays the balance through (fake) Stripe Checkout.
    await client.getByTestId('pay-balance').click();
    await client.waitForURL((url) => url.pathname.startsWith('/pay/'));
    const payPath = new URL(client.url()).pathname;
    await client.getByTestId('pay-button').click();
    await portal.payAtFakeCheckout(client);
    await client.goto(`${payPath}?paid=1`);
    await expectVisible(client.getByTestId('pay-paid'));
    await waits(token, projectId, 'balance_unpaid', false);

    // The final files download, and staff see the download on the project's timeline.
    await client.goto(`/portal/projects/${projectId}`);
    const zipLink = client.getByTestId('download-zip');
    await expectVisible(zipLink);
    const finals = await client.request.get(await zipLink.getAttribute('href'));
    assert.equal(finals.status(), 200);
    assert.deepEqual(
      readStoredZip(await finals.body()).map((e) => e.name),
      ['Song final.wav'],
    );
    await staff.reload();
    await expectVisible(staff.getByText(/Downloaded by .*Song final\.wav/).first());
    await staff.context().close();
    await client.context().close();
  });
});
