/* global document */
// The client portal end to end: a paid deposit (signed webhook) opens a project, the client signs
// in with the link from the mail catcher, uploads a stem with Uppy (tus) and sees it listed and
// checked. One broad test: browser tests are the expensive kind.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { expectVisible, newPage, useBrowser, wav } from './support.mjs';
import * as portal from './portal-helpers.mjs';

/** Signs in with the mailed link, which lands on the client's project. */
async function openProject(browser, link) {
  const page = await portal.signInToPortal(browser, link);
  // The token never stays in the address bar.
  assert.ok(!page.url().includes('token='));
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Mix' }));
  return page;
}

describe('Client portal', () => {
  const chrome = useBrowser();

  it('signs a client in from the mailed link, uploads a stem with Uppy and lists it checked', async () => {
    const { link } = await portal.paidClient();
    const { pathname } = new URL(link);
    const page = await openProject(chrome.browser, link);
    assert.equal(await page.getByTestId('portal-status').innerText(), 'Awaiting files');

    // Uppy arrives with the project page, not before.
    await page.locator('.uppy-Dashboard').waitFor();
    await page
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles({ name: 'Lead Vocal.wav', mimeType: 'audio/wav', buffer: wav() });
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await expectVisible(page.getByText('Complete', { exact: true }).first(), { timeout: 30000 });

    const files = page.getByTestId('portal-files');
    await expectVisible(files.getByText('Lead Vocal.wav'));
    // The probe runs in the worker; the page polls until the check is in.
    await expectVisible(files.getByText(/48\.0 kHz · 16-bit · stereo · 1\.0 s/), { timeout: 30000 });
    await expectVisible(page.getByTestId('portal-status').getByText('Files received'), { timeout: 15000 });
    await page.context().close();

    // Another browser without the session sees the sign-in form, not the project.
    const stranger = await newPage(chrome.browser);
    await stranger.goto(pathname.replace('/sign-in', ''));
    await expectVisible(stranger.getByRole('heading', { name: 'Sign in to your projects' }));
    await stranger.context().close();
  });

  it('resumes an upload after the tab is reloaded mid-way, from the stored offset, to the same bytes', async (t) => {
    const { link } = await portal.paidClient();
    const page = await openProject(chrome.browser, link);
    const projectId = page.url().split('/').pop();
    // 8 MB: under the 10 MiB that Golden Retriever keeps in IndexedDB to restore after a reload.
    const stem = wav(43);
    const sha = createHash('sha256').update(stem).digest('hex');

    // A slow uplink (1 MB/s) so the reload lands mid-upload.
    const uploads = await portal.watchTusUploads(page);
    await uploads.throttle(1_000_000);
    await page.locator('.uppy-Dashboard').waitFor();
    await page
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles({ name: 'Long Take.wav', mimeType: 'audio/wav', buffer: stem });
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await page.waitForFunction(() => document.querySelector('.uppy-StatusBar.is-uploading'));
    const { upload, stored: before } = await uploads.midway(2_000_000);
    assert.ok(
      before >= 2_000_000 && before < stem.length,
      `mid-upload when reloaded (${before} bytes stored)`,
    );

    await page.reload();
    await uploads.throttle(-1);
    // Golden Retriever brings the file back; the client confirms, and tus asks where to go on.
    await expectVisible(page.getByText('Session restored'));
    const restarted = uploads.patches.length;
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await expectVisible(page.getByText('Complete', { exact: true }).first(), { timeout: 20000 });

    const after = uploads.patches.slice(restarted);
    assert.ok(after.length > 0, 'the reloaded tab sent the rest');
    assert.equal(after[0].url, upload, 'the same upload, not a new one');
    assert.ok(after[0].offset >= before, `resumed at ${after[0].offset}, not from 0`);
    t.diagnostic(`reloaded with ${before} of ${stem.length} bytes stored; resumed at ${after[0].offset}`);
    let file;
    for (let i = 0; i < 100 && !file?.sha256; i++) {
      const detail = await page.evaluate(
        (id) => fetch(`/api/portal/projects/${id}`).then((r) => r.json()),
        projectId,
      );
      file = detail.project.files.find((f) => f.name === 'Long Take.wav');
      if (!file?.sha256) await page.waitForTimeout(200);
    }
    assert.equal(file?.size, stem.length);
    assert.equal(file?.sha256, sha, 'the server holds the same bytes');
    await page.context().close();
  });
});
