/* global document */
// The client portal end to end: a paid deposit (signed webhook) opens a project, the client signs
// in with the link from the mail catcher, uploads a stem with Uppy (tus) and sees it listed and
// checked. One broad test: browser tests are the expensive kind.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, MAIL_API, api, launch, newPage, uniq } from './support.mjs';

const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL;
const WEBHOOK_SECRET = 'whsec_e2e';

/** A one-second 48 kHz stereo 16-bit WAV of a tone. */
function wav(seconds = 1, rate = 48000) {
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000);
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Delivers a Stripe event signed the way Stripe signs them. */
async function sendWebhook(type, object) {
  const payload = JSON.stringify({ id: uniq('evt_e2e_'), object: 'event', type, data: { object } });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const res = await fetch(`${BASE}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body: payload,
  });
  assert.equal(res.status, 200, await res.text());
}

async function mailTo(address, subject) {
  for (let i = 0; i < 80; i++) {
    const inbox = await fetch(`${MAIL_API}/email`).then((r) => r.json());
    const found = inbox.find((m) => m.to?.some((t) => t.address === address) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

/** A paid deposit for Mix by a new client; returns the client's address and the mailed sign-in link. */
async function paidClient() {
  const email = `${uniq('client')}@example.com`;
  const services = await api('/api/services');
  const mix = services.body.services.find((s) => s.name === 'Mix');
  const intentRes = await api('/api/create-payment-intent', {
    method: 'POST',
    body: { serviceId: mix.id, amount: 30, email },
  });
  assert.equal(intentRes.status, 200);
  const intentId = intentRes.body.clientSecret.split('_secret_')[0];
  const intent = await fetch(`${FAKE_STRIPE}/__fake/payment_intents/${intentId}`).then((r) => r.json());
  await sendWebhook('payment_intent.succeeded', {
    ...intent,
    status: 'succeeded',
    amount_received: intent.amount,
  });
  const mail = await mailTo(email, /project is open/);
  const link = /https?:\/\/[^\s"<]+\/portal\/sign-in#token=[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, 'the project mail carries a sign-in link');
  return { email, link };
}

/** Signs in with the mailed link and opens the client's one project. */
async function openProject(browser, link) {
  const { pathname, hash } = new URL(link);
  const page = await newPage(browser);
  await page.goto(`${pathname}${hash}`);
  await page.waitForURL('**/portal');
  // The token never stays in the address bar.
  assert.ok(!page.url().includes('token='));
  await page.getByRole('link', { name: /Mix.*Awaiting files/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Mix' }).waitFor();
  return page;
}

describe('Client portal', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('signs a client in from the mailed link, uploads a stem with Uppy and lists it checked', async () => {
    assert.ok(MAIL_API && FAKE_STRIPE, 'run through e2e/run.mjs');
    const { link } = await paidClient();
    const { pathname } = new URL(link);
    const page = await openProject(browser, link);
    assert.equal(await page.getByTestId('portal-status').innerText(), 'Awaiting files');

    // Uppy arrives with the project page, not before.
    await page.locator('.uppy-Dashboard').waitFor();
    await page
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles({ name: 'Lead Vocal.wav', mimeType: 'audio/wav', buffer: wav() });
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await page.getByText('Complete', { exact: true }).first().waitFor({ timeout: 30000 });

    const files = page.getByTestId('portal-files');
    await files.getByText('Lead Vocal.wav').waitFor();
    // The probe runs in the worker; the page polls until the check is in.
    await files.getByText(/48\.0 kHz · 16-bit · stereo · 1\.0 s/).waitFor({ timeout: 30000 });
    await page.getByTestId('portal-status').getByText('Files received').waitFor({ timeout: 15000 });
    await page.context().close();

    // Another browser without the session sees the sign-in form, not the project.
    const stranger = await newPage(browser);
    await stranger.goto(pathname.replace('/sign-in', ''));
    await stranger.getByRole('heading', { name: 'Sign in to your projects' }).waitFor();
    await stranger.context().close();
  });

  it('resumes an upload after the tab is reloaded mid-way, from the stored offset, to the same bytes', async (t) => {
    const { link } = await paidClient();
    const page = await openProject(browser, link);
    const projectId = page.url().split('/').pop();
    // 8 MB: under the 10 MiB that Golden Retriever keeps in IndexedDB to restore after a reload.
    const stem = wav(43);
    const sha = createHash('sha256').update(stem).digest('hex');

    // A slow uplink (1 MB/s, Chromium's own throttling) so the reload lands mid-upload.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const uplink = (bytesPerSecond) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await uplink(1_000_000);
    const patches = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/uploads/'))
        patches.push({ url: r.url(), offset: Number(r.headers()['upload-offset']) });
    });
    /**
     * What the server holds of the upload (tus HEAD, the page's own session). tus's lock makes
     * a HEAD ask the running PATCH to stop and store what it has; tus-js-client then goes on
     * with a new PATCH from there, so each look is also a dropped connection resumed.
     */
    const storedOffset = (url) =>
      page.evaluate(
        (u) =>
          fetch(u, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } }).then((r) =>
            Number(r.headers.get('upload-offset')),
          ),
        url,
      );

    await page.locator('.uppy-Dashboard').waitFor();
    await page
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles({ name: 'Long Take.wav', mimeType: 'audio/wav', buffer: stem });
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await page.waitForFunction(() => document.querySelector('.uppy-StatusBar.is-uploading'));
    while (!patches.length) await page.waitForTimeout(100);
    const upload = patches[0].url;
    let before = 0;
    for (let i = 0; i < 100 && before < 2_000_000; i++) {
      await page.waitForTimeout(100);
      before = await storedOffset(upload);
    }
    assert.ok(
      before >= 2_000_000 && before < stem.length,
      `mid-upload when reloaded (${before} bytes stored)`,
    );

    await page.reload();
    await uplink(-1);
    // Golden Retriever brings the file back; the client confirms, and tus asks where to go on.
    await page.getByText('Session restored').waitFor();
    const restarted = patches.length;
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    await page.getByText('Complete', { exact: true }).first().waitFor({ timeout: 20000 });

    const after = patches.slice(restarted);
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
