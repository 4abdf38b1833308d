// Seeds what the portal pages of `npm run bench -- site` show: two paid Mix deposits (through the
// fake Stripe and a signed webhook), each with a version the preview job has made (ffmpeg), one
// left in review (the project page, player and all) and one approved (its /pay/{token} page).
// The client's portal session is written straight into the database (sign-in links go by mail,
// which the benchmark has none of). Lives in lib/ so `npm run bench` does not list it.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../../lib.mjs';
import { stereoWav } from '../../wav.mjs';
import { BENCH_ADMIN } from './app-server.mjs';

export const BENCH_WEBHOOK_SECRET = 'whsec_bench';

/** The app's Stripe settings pointing at a fake Stripe. */
export function stripeEnv(fakeStripeUrl) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeStripeUrl,
  };
}

/** A 16-bit 48 kHz stereo WAV of a slowly swelling tone. */
function wav(seconds, freq = 220) {
  return stereoWav(
    seconds,
    (i) => Math.sin((2 * Math.PI * freq * i) / 48000) * 12000 * (0.6 + 0.4 * Math.sin(i / 9000)),
  );
}

/**
 * Returns the signed-in client's cookie, the in-review project's page and the approved
 * project's pay page.
 */
export async function seedPortal(baseUrl, dbUrl, fakeStripeUrl) {
  const call = async (path, { method = 'GET', body, headers = {} } = {}) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body && !Buffer.isBuffer(body) ? JSON.stringify(body) : body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const pg = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    let admin;
    for (let attempt = 1; !admin; attempt++) {
      try {
        admin = (await call('/api/login', { method: 'POST', body: BENCH_ADMIN })).authToken;
      } catch (err) {
        if (attempt === 20) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const staff = { authorization: `Bearer ${admin}` };
    const email = 'bench-client@example.com';
    const { services } = await call('/api/services');
    const mix = services.find((s) => s.name === 'Mix');

    const openProject = async () => {
      const intent = await call('/api/create-payment-intent', {
        method: 'POST',
        body: { serviceId: mix.id, amount: 30, email },
      });
      const id = intent.clientSecret.split('_secret_')[0];
      const stored = await fetch(`${fakeStripeUrl}/__fake/payment_intents/${id}`).then((r) => r.json());
      const t = Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({
        id: `evt_bench_${randomBytes(6).toString('hex')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        api_version: '2025-08-27.basil',
        created: t,
        livemode: false,
        data: { object: { ...stored, status: 'succeeded', amount_received: stored.amount } },
      });
      const v1 = createHmac('sha256', BENCH_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
      await call('/api/stripe/webhook', {
        method: 'POST',
        body: Buffer.from(payload),
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
      });
      const { rows } = await db.query(`SELECT id FROM projects WHERE payment_id = $1`, [intent.paymentId]);
      const projectId = rows[0].id;
      await call(`/api/admin/projects/${projectId}/status`, {
        method: 'POST',
        headers: staff,
        body: { status: 'files_received' },
      });
      await call(`/api/admin/projects/${projectId}/accept-files`, { method: 'POST', headers: staff });
      const { version } = await call(
        `/api/admin/projects/${projectId}/versions?kind=mix&name=Song%20v1.wav`,
        {
          method: 'POST',
          headers: { ...staff, 'content-type': 'application/octet-stream' },
          body: wav(60),
        },
      );
      for (let i = 0; ; i++) {
        const { review } = await call(`/api/admin/projects/${projectId}/review`, { headers: staff });
        const { project } = await call(`/api/admin/projects/${projectId}`, { headers: staff });
        if (review.versions[0].status === 'ready' && project.status === 'in_review') break;
        if (review.versions[0].status === 'failed' || i > 240)
          throw new Error('the preview job did not finish');
        await new Promise((r) => setTimeout(r, 250));
      }
      return { projectId, versionId: version.id };
    };

    const reviewing = await openProject();
    const approving = await openProject();
    const session = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO portal_tokens (token_hash, kind, email, expires_at) VALUES ($1, 'session', $2, now() + interval '1 day')`,
      [createHash('sha256').update(session).digest('hex'), email],
    );
    const cookie = `portal_session=${session}`;
    await call(`/api/portal/projects/${approving.projectId}/approve`, {
      method: 'POST',
      headers: { cookie },
      body: { versionId: approving.versionId },
    });
    const { rows } = await db.query(`SELECT token FROM project_balance_requests WHERE project_id = $1`, [
      approving.projectId,
    ]);
    return {
      cookie,
      projectPath: `/portal/projects/${reviewing.projectId}`,
      payPath: `/pay/${rows[0].token}`,
    };
  } finally {
    await db.end();
  }
}
