/* global document */
// Projects part 2 end to end, in one short loop: staff post a version (the preview job runs),
// the client leaves a note at a moment in the review player and submits the round, staff post
// the next version, the client approves, the balance mail's /pay link opens the (fake) hosted
// Stripe Checkout, a signed webhook settles it, and the final files unlock on the project page.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE, MAIL_API, adminToken, api, launch, newPage, uniq } from './support.mjs';

const FAKE_STRIPE = process.env.E2E_FAKE_STRIPE_URL;
const WEBHOOK_SECRET = 'whsec_e2e';

/** A 16-bit 48 kHz stereo WAV of a tone. */
function wav(seconds, freq = 440) {
  const rate = 48000;
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * freq * i) / rate) * 12000);
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

/** Staff upload (raw body) and wait for the preview job. */
async function postVersion(token, projectId, seconds, name) {
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

describe('Client review loop', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('goes from a posted version to unlocked downloads', async () => {
    assert.ok(MAIL_API && FAKE_STRIPE, 'run through e2e/run.mjs');
    const email = `${uniq('review')}@example.com`;
    const token = await adminToken();

    // A paid Mix deposit opens the project; staff accept the files.
    const mix = (await api('/api/services')).body.services.find((s) => s.name === 'Mix');
    const intentRes = await api('/api/create-payment-intent', {
      method: 'POST',
      body: { serviceId: mix.id, amount: 30, email },
    });
    const intentId = intentRes.body.clientSecret.split('_secret_')[0];
    const intent = await fetch(`${FAKE_STRIPE}/__fake/payment_intents/${intentId}`).then((r) => r.json());
    await sendWebhook('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    });
    const created = await mailTo(email, /project is open/);
    const projectId = /\/portal\/projects\/([0-9a-f-]{36})/.exec(created.text)[1];
    const signIn = /https?:\/\/[^\s"<]+\/portal\/sign-in#token=[\w-]+/.exec(created.text)[0];
    await api(`/api/admin/projects/${projectId}/status`, {
      method: 'POST',
      token,
      body: { status: 'files_received' },
    });
    await api(`/api/admin/projects/${projectId}/accept-files`, { method: 'POST', token });

    await postVersion(token, projectId, 8, 'Song v1.wav');
    await fetch(`${BASE}/api/admin/projects/${projectId}/finals?name=Song%20final.wav`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: wav(1),
    });

    // The client signs in and reviews: the player comes in its own chunk, from stored peaks.
    const page = await newPage(browser);
    const { pathname, hash } = new URL(signIn);
    await page.goto(`${pathname}${hash}`);
    await page.waitForURL('**/portal');
    await page.goto(`/portal/projects/${projectId}`);
    await page.getByTestId('portal-status').getByText('In review').waitFor();
    await page.getByTestId('review-player').waitFor();
    await page.waitForFunction(() => {
      const host = document.querySelector('[data-testid="waveform"]')?.firstElementChild;
      return Boolean(host?.shadowRoot?.querySelector('canvas'));
    });
    // The arrow key jumps 5 s; the note is taken at the playhead.
    await page.locator('body').press('ArrowRight');
    await page
      .getByTestId('player-time')
      .getByText(/^0:05\.0/)
      .waitFor();
    await page.getByTestId('note-input').fill('Vocal a touch louder here');
    await page.getByTestId('add-note').click();
    await page.getByTestId('comment-list').getByText('v1 · 0:05.0').waitFor();
    await page.getByTestId('submit-round').click();
    await page.getByText('Your notes were sent as round 1 of 2.').waitFor();
    await page.getByTestId('portal-status').getByText('Revision requested').waitFor();

    // The next version; the earlier note stays readable; the client approves.
    await postVersion(token, projectId, 6, 'Song v2.wav');
    await page.reload();
    await page.getByTestId('portal-status').getByText('In review').waitFor();
    await page.getByTestId('comment-list').getByText('Vocal a touch louder here').waitFor();
    await page.getByTestId('approve').click();
    await page.getByText('The balance request is in your inbox.').waitFor();

    // The balance mail's link: the open Checkout Session, paid on the fake hosted page.
    const balanceMail = await mailTo(email, /balance of £30/);
    const payPath = new URL(/https?:\/\/[^\s"<]+\/pay\/[\w-]+/.exec(balanceMail.text)[0]).pathname;
    await page.goto(payPath);
    await page.getByTestId('pay-amount').getByText('£30').waitFor();
    await page.getByTestId('pay-button').click();
    await page.waitForURL(`${FAKE_STRIPE}/checkout/**`);
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
    await fetch(`${FAKE_STRIPE}/checkout/${encodeURIComponent(sessionId)}/complete`, { redirect: 'manual' });
    const session = await fetch(`${FAKE_STRIPE}/__fake/checkout_sessions/${sessionId}`).then((r) => r.json());
    assert.equal(session.metadata.kind, 'balance');
    await sendWebhook('checkout.session.completed', session);

    await page.goto(`${payPath}?paid=1`);
    await page.getByTestId('pay-paid').waitFor();
    await page.goto(`/portal/projects/${projectId}`);
    await page.getByTestId('portal-status').getByText('Delivered').waitFor();
    const link = page.getByTestId('downloads').getByRole('link', { name: 'Song final.wav' });
    const href = await link.getAttribute('href');
    const download = await page.request.get(href);
    assert.equal(download.status(), 200);
    assert.equal((await download.body()).length, wav(1).length);
    await page.getByTestId('money-balance').getByText('£30 (paid)').waitFor();
    await page.context().close();
  });
});
