/* global document */
// Helpers for the browser tests of the client's projects (portal*, engineer-desk, admin-desk): a
// paid client and their sign-in link, what staff post through the admin API, the review player,
// resumable uploads and the fake Stripe's hosted Checkout. The tests import it whole, as `portal`.
import assert from 'node:assert/strict';
import {
  BASE,
  DESKTOP,
  FAKE_STRIPE,
  MAIL_API,
  api,
  mailTo,
  newPage,
  sendWebhook,
  uniq,
  wav,
} from './support.mjs';

/**
 * A deposit for Mix by a new client, paid through the fake Stripe and its signed webhook, which
 * opens a project. Returns the client's address, the project's id and the mailed sign-in link.
 */
export async function paidClient(prefix = 'client') {
  assert.ok(
    MAIL_API && FAKE_STRIPE,
    'a paid client needs the fake Stripe and the mail catcher: run through e2e/run.mjs',
  );
  const email = `${uniq(prefix)}@example.com`;
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
  const link = signInLinkIn(mail);
  const projectId = /\/portal\/projects\/([0-9a-f-]{36})/.exec(mail.text)?.[1];
  assert.ok(projectId, 'the project mail links to the project');
  return { email, link, projectId };
}

/** The portal sign-in link (with its token) that `mail` carries. */
export function signInLinkIn(mail) {
  const link = /https?:\/\/[^\s"<]+\/portal\/sign-in[^\s"<#]*#token=[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, `a sign-in link in "${mail.subject}"`);
  return link;
}

/** Staff mark a project's files received and accept them, as the buttons on its page do. */
async function acceptFiles(token, projectId) {
  for (const [path, body] of [
    ['status', { status: 'files_received' }],
    ['accept-files', undefined],
  ]) {
    const res = await api(`/api/admin/projects/${projectId}/${path}`, { method: 'POST', token, body });
    assert.ok(res.status < 300, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Staff post a version through the admin API (raw body); resolves once its preview is ready. */
export async function postVersion(token, projectId, seconds, name) {
  const res = await fetch(
    `${BASE}/api/admin/projects/${projectId}/versions?kind=mix&name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: wav(seconds),
    },
  );
  const text = await res.text();
  assert.equal(res.status, 201, text);
  const { version } = JSON.parse(text);
  for (let i = 0; i < 120; i++) {
    const r = await api(`/api/admin/projects/${projectId}/review`, { token });
    const v = r.body.review.versions.find((x) => x.id === version.id);
    if (v.status === 'ready') return v;
    assert.notEqual(v.status, 'failed');
    await new Promise((r2) => setTimeout(r2, 250));
  }
  throw new Error('the preview job did not finish');
}

/** Staff add a final file (a tone of `seconds`) through the admin API (raw body). */
export async function postFinal(token, projectId, seconds, name) {
  const res = await fetch(`${BASE}/api/admin/projects/${projectId}/finals?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: wav(seconds),
  });
  assert.equal(res.status, 201, await res.text());
}

/** Resolves once the review player on `page` has drawn its waveform (from the stored peaks). */
export function waveformDrawn(page) {
  return page.waitForFunction(() =>
    Boolean(
      document
        .querySelector('[data-testid="waveform"]')
        ?.firstElementChild?.shadowRoot?.querySelector('canvas'),
    ),
  );
}

/**
 * Watches a page's tus uploads, for the tests that reload a tab half way through one:
 * `throttle(bytesPerSecond)` slows its uplink (Chromium's own network emulation; -1 lifts it),
 * `patches` lists every PATCH (upload URL and Upload-Offset) in order, and `midway(bytes)` waits
 * for the first PATCH and then (up to 10 s) until the server holds `bytes` of that upload,
 * resolving to `{ upload, stored }`.
 */
export async function watchTusUploads(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (bytesPerSecond) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  const patches = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/'))
      patches.push({ url: r.url(), offset: Number(r.headers()['upload-offset']) });
  });
  /*
   * What the server holds of the upload (tus HEAD, the page's own session). tus's lock makes a
   * HEAD ask the running PATCH to stop and store what it has; tus-js-client then goes on with a
   * new PATCH from there, so each look is also a dropped connection resumed.
   */
  const storedOffset = (url) =>
    page.evaluate(
      (u) =>
        fetch(u, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } }).then((r) =>
          Number(r.headers.get('upload-offset')),
        ),
      url,
    );
  const midway = async (bytes) => {
    while (!patches.length) await page.waitForTimeout(100);
    const upload = patches[0].url;
    let stored = 0;
    for (let i = 0; i < 100 && stored < bytes; i++) {
      await page.waitForTimeout(100);
      stored = await storedOffset(upload);
    }
    return { upload, stored };
  };
  return { throttle, patches, midway };
}

/**
 * The studio's side of a project up to its first review: the client's files accepted, version 1
 * ("Song v1.wav", 8 s) posted with its preview ready, and a final file ("Song final.wav") that
 * waits for the approval. Resolves to the version.
 */
export async function readyForReview(token, projectId) {
  await acceptFiles(token, projectId);
  const version = await postVersion(token, projectId, 8, 'Song v1.wav');
  await postFinal(token, projectId, 1, 'Song final.wav');
  return version;
}

/**
 * A page that was just sent to the fake Stripe's hosted Checkout pays there: the session is
 * completed and its signed `checkout.session.completed` delivered. Resolves to the session.
 */
export async function payAtFakeCheckout(page) {
  await page.waitForURL(`${FAKE_STRIPE}/checkout/**`);
  const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  await fetch(`${FAKE_STRIPE}/checkout/${encodeURIComponent(sessionId)}/complete`, { redirect: 'manual' });
  const session = await fetch(`${FAKE_STRIPE}/__fake/checkout_sessions/${sessionId}`).then((r) => r.json());
  await sendWebhook('checkout.session.completed', session);
  return session;
}

/**
 * A fresh page signed in to the portal with a mailed sign-in link: it lands where the link
 * returns to (the project a mail is about, or /portal).
 */
export async function signInToPortal(browser, link, viewport = DESKTOP, options = {}) {
  const { pathname, search, hash } = new URL(link);
  const page = await newPage(browser, viewport, options);
  await page.goto(`${pathname}${search}${hash}`);
  const next = new URLSearchParams(search).get('next') ?? '/portal';
  await page.waitForURL((url) => url.pathname === next);
  return page;
}
