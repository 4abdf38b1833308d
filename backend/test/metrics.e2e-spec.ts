import { randomBytes } from 'node:crypto';
import { AddressInfo, createServer } from 'node:net';
import Stripe from 'stripe';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { FAKE_STRIPE_WEBHOOK_SECRET, FakeStripe } from './support/fake-stripe';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

const TOKEN = 'metrics-token-0123456789';
const signer = new Stripe('sk_test_x');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One sample line's value, by metric name and the labels it must carry. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Prometheus metrics (issue 28, item 1). */
describe('metrics (HTTP)', () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('does not exist on the app port: 404 in the one error shape, with or without a token', async () => {
      for (const auth of [undefined, `Bearer ${TOKEN}`]) {
        const req = t.http().get('/metrics');
        if (auth) req.set('authorization', auth);
        const res = await req;
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    });
  });

  describe('with METRICS_TOKEN and METRICS_PORT', () => {
    let t: TestApp;
    let sink: SmtpSink;
    let fake: FakeStripe;
    let port: number;
    const scrape = () => t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`);

    beforeAll(async () => {
      port = await freePort();
      ({ t, sink, fake } = await createTestAppWithStripe({
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: String(port),
      }));
    });
    afterAll(() => closeTestApp(t, sink, fake));

    it('answers 401 without the token or with a wrong one', async () => {
      for (const auth of [undefined, 'Bearer wrong-token-wrong-token', TOKEN, `Basic ${TOKEN}`]) {
        const req = t.http().get('/metrics');
        if (auth) req.set('authorization', auth);
        const res = await req;
        expect(res.status).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
        expect(res.text).not.toContain('http_request_duration_seconds');
      }
    });

    it('lists the process defaults, the event loop and every queue by state', async () => {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
      ])
        expect(sample(res.text, name)).toBeGreaterThan(0);
      for (const queue of [
        'mail',
        'project-previews',
        'project-reminders',
        'uploads-probe',
        'lottery',
        'newsletter',
      ]) {
        for (const state of ['waiting', 'active', 'delayed', 'failed'])
          expect([queue, state, sample(res.text, 'studio_queue_jobs', { queue, state })]).toEqual([
            queue,
            state,
            expect.any(Number),
          ]);
        expect(sample(res.text, 'studio_queue_oldest_waiting_seconds', { queue })).toBeGreaterThanOrEqual(0);
      }
      for (const name of [
        'studio_mail_sent_total',
        'studio_mail_failed_total',
        'studio_mail_delivery_seconds',
        'studio_stripe_webhook_events_total',
        'studio_uploads_bytes_total',
        'studio_preview_job_seconds',
        'studio_reconciliation_differences',
      ])
        expect(res.text).toContain(`# TYPE ${name} `);
    });

    it('times requests by route template and status class, never by the raw URL', async () => {
      const slug = `no-such-post-${randomBytes(4).toString('hex')}`;
      expect((await t.http().get(`/api/blog/posts/${slug}`)).status).toBe(404);
      expect((await t.http().get('/api/blog/posts')).status).toBe(200);
      const text = (await scrape()).text;
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/blog/posts/:slug',
          status_class: '4xx',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/blog/posts',
          status_class: '2xx',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(slug);
    });

    it('counts mails accepted by SMTP with their delivery time, and webhook events by outcome', async () => {
      const before = await scrape();
      const sentBefore = sample(before.text, 'studio_mail_sent_total') ?? 0;
      const contact = await t.http().post('/api/contact').send({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        service: 'mix-master',
        message: 'Hi! I have a six-track EP that needs mixing and mastering.',
      });
      expect(contact.status).toBe(201);
      await sink.waitForMailsTo('ada@example.com');
      // The worker counts after SMTP answered; the sink has the mail a moment before that.
      let text = '';
      for (let i = 0; i < 50; i++) {
        text = (await scrape()).text;
        if ((sample(text, 'studio_mail_sent_total') ?? 0) > sentBefore) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(sample(text, 'studio_mail_sent_total')).toBeGreaterThan(sentBefore);
      expect(sample(text, 'studio_mail_delivery_seconds_count')).toBeGreaterThan(0);

      const payload = JSON.stringify({
        id: `evt_test_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'customer.created',
        api_version: '2025-08-27.basil',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const post = (signature: string) =>
        t
          .http()
          .post('/api/stripe/webhook')
          .set('content-type', 'application/json')
          .set('stripe-signature', signature)
          .send(payload);
      expect((await post('t=1,v1=forged')).status).toBe(400);
      const signed = signer.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_STRIPE_WEBHOOK_SECRET,
      });
      expect((await post(signed)).status).toBe(200);
      expect((await post(signed)).body).toMatchObject({ duplicate: true });
      text = (await scrape()).text;
      const events = (type: string, outcome: string) =>
        sample(text, 'studio_stripe_webhook_events_total', { type, outcome });
      expect(events('unknown', 'refused')).toBeGreaterThanOrEqual(1);
      expect(events('customer.created', 'ignored')).toBeGreaterThanOrEqual(1);
      expect(events('customer.created', 'duplicate')).toBeGreaterThanOrEqual(1);
    });

    it('serves the same metrics on METRICS_PORT without a token, and nothing else there', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'studio_queue_jobs', { queue: 'mail', state: 'waiting' })).toEqual(
        expect.any(Number),
      );
      expect(text).toContain('http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    });
  });
});
