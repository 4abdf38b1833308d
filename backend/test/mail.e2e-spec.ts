import { getQueueToken } from '@nestjs/bull';
import { MailerService } from '@nestjs-modules/mailer';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { MailService } from '../src/mail/mail.service';
import type { MailRequest } from '../src/mail/mail.types';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, createTestApp, registerAndLogin, TestApp } from './support/test-app';

/** The customer-test template's context: the test mails' content does not matter here. */
const TEST_CONTEXT = { fromAddress: 'Studio <bookings@example.com>', sentAt: '2026-11-25T09:00:00.000Z' };

const ADMIN_INBOX = 'studio-admin@example.com';
const PUBLIC_URL = 'https://studio.example.com';

// Booting an app takes longer than jest's 5 s default on a busy machine.
jest.setTimeout(30_000);

describe('mail pipeline (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let mail: MailService;
  let queue: Queue;
  let admin: string;
  let author: string;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({
      ADMIN_NOTIFY_EMAIL: ADMIN_INBOX,
      PUBLIC_URL,
      MAIL_FROM: 'Mixdown Studio <hello@studio.example.com>',
    }));
    mail = t.app.get(MailService);
    queue = t.app.get(getQueueToken(MAIL_QUEUE));
    admin = await adminToken(t);
    author = await registerAndLogin(t, 'mailauthor');
  });
  afterAll(() => closeTestApp(t, sink));
  beforeEach(() => sink.clear());

  it('queues with attempts, exponential backoff and retention, and sends from MAIL_FROM with a job-derived Message-ID', async () => {
    const id = await mail.enqueue({
      template: 'payment-confirmation',
      to: 'payer@example.com',
      subject: 'Payment confirmed: £40.00 for Mix & Master',
      context: {
        customerName: 'Pat',
        serviceName: 'Mix & Master',
        amountFormatted: '£40.00',
        transactionId: 'pi_123',
        remainingFormatted: '£40.00',
        receiptUrl: 'https://studio.example/api/receipts/7?t=abc',
      },
      jobId: 'payment-7-confirmation',
    });
    expect(id).toBe('payment-7-confirmation');
    const job = await queue.getJob(id);
    expect(job!.opts).toMatchObject({
      attempts: 8,
      backoff: { type: 'exponential', delay: 200 },
      removeOnComplete: { age: 86400, count: 1000 },
      removeOnFail: { age: 30 * 86400, count: 5000 },
    });
    const [m] = await sink.waitForMailsTo('payer@example.com');
    expect(m.parsed.from?.value[0]).toEqual({ address: 'hello@studio.example.com', name: 'Mixdown Studio' });
    expect(m.parsed.messageId).toBe('<payment-7-confirmation@studio.example.com>');
    expect(m.parsed.subject).toBe('Payment confirmed: £40.00 for Mix & Master');
    // Plain text is not HTML-escaped; HTML is.
    expect(m.parsed.text).toContain('Payment received, thank you Pat!');
    expect(m.parsed.text).toContain('Mix & Master');
    expect(m.parsed.text).toContain('£40.00, invoiced on completion');
    expect(m.parsed.text).toContain('pi_123');
    expect(m.parsed.html).toContain('Mix &amp; Master');
    expect(m.parsed.html).toContain(`href="${PUBLIC_URL}"`);
  });

  it('sends the payment admin notice', async () => {
    await mail.enqueue({
      template: 'payment-admin',
      to: ADMIN_INBOX,
      subject: 'New payment: £30.00 for Mix',
      context: {
        paymentId: 9,
        kind: 'deposit',
        serviceName: 'Mix',
        amountFormatted: '£30.00',
        transactionId: 'pi_9',
        customerEmail: 'c@example.com',
        referralCode: 'ABCDEFGH',
      },
    });
    const [m] = await sink.waitForMailsTo(ADMIN_INBOX);
    expect(m.parsed.text).toContain('Referral code: ABCDEFGH');
    expect(m.parsed.text).toContain('c@example.com');
  });

  it('never sends one job id twice', async () => {
    const job = {
      template: 'customer-test' as const,
      to: 'once@example.com',
      subject: 'Once',
      context: TEST_CONTEXT,
      jobId: 'dedupe-1',
    };
    await Promise.all([mail.enqueue(job), mail.enqueue(job), mail.enqueue(job)]);
    await sink.waitForMailsTo('once@example.com');
    await new Promise((r) => setTimeout(r, 600));
    expect(sink.to('once@example.com')).toHaveLength(1);
  });

  it('does not retry a permanent refusal and keeps the failed job; the stats endpoint counts it', async () => {
    sink.rejectRecipients.add('gone@example.com');
    const id = await mail.enqueue({
      template: 'customer-test',
      to: 'gone@example.com',
      subject: 'Bounce',
      context: TEST_CONTEXT,
    });
    const job = await waitForJob(queue, id, (s) => s === 'failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/550/);

    const stats = await t.http().get('/api/admin/stats/messaging').set('authorization', `Bearer ${admin}`);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      success: true,
      contactsThisMonth: 0,
      subscribersThisMonth: 0,
      failedMailJobs: 1,
    });
    expect((await t.http().get('/api/admin/stats/messaging')).status).toBe(401);
    expect(
      (await t.http().get('/api/admin/stats/messaging').set('authorization', `Bearer ${author}`)).status,
    ).toBe(403);
  });

  it('rejects an unknown template before it reaches the queue', async () => {
    await expect(
      mail.enqueue({
        template: 'nope',
        to: 'x@example.com',
        subject: 'x',
        context: {},
      } as unknown as MailRequest),
    ).rejects.toThrow('Unknown mail template "nope"');
  });

  describe('email test endpoints', () => {
    const endpoints: [string, Record<string, unknown>][] = [
      ['/api/debug-email', { timestamp: '2025-01-01T00:00:00Z', extraInfo: 'from the test' }],
      ['/api/debug-customer-email', { email: 'tester@example.com' }],
      [
        '/api/test-email-delivery',
        { email: 'tester@outlook.com', provider: 'microsoft', name: 'Tess', service: 'Mixing' },
      ],
    ];

    it('refuse anonymous callers (401) and non-admins (403) with an error field', async () => {
      const editor = await registerAndLogin(t, 'maileditor');
      await t.app.get(DataSource).query(`UPDATE users SET role = 'editor' WHERE username = 'maileditor'`);
      for (const [path, body] of endpoints) {
        const anon = await t.http().post(path).send(body);
        expect(anon.status).toBe(401);
        expect(anon.body).toEqual({
          success: false,
          message: 'Please log in to continue.',
          code: 'UNAUTHORIZED',
          error: 'Please log in to continue.',
        });
        for (const token of [author, editor]) {
          const res = await t.http().post(path).set('authorization', `Bearer ${token}`).send(body);
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: expect.any(String) });
        }
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.mails).toHaveLength(0);
    });

    it('debug-email mails the admin address and answers recipient and timestamp', async () => {
      const res = await t.http().post('/api/debug-email').set('authorization', `Bearer ${admin}`).send({
        timestamp: '2025-01-01T00:00:00Z',
        extraInfo: 'browser: test',
        subject: 'Hello admin',
        message: 'Body text here',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        recipient: ADMIN_INBOX,
        timestamp: '2025-01-01T00:00:00Z',
        messageId: expect.any(String),
      });
      const [m] = await sink.waitForMailsTo(ADMIN_INBOX);
      expect(m.parsed.subject).toBe('Hello admin');
      expect(m.parsed.text).toContain('Body text here');
      expect(m.parsed.text).toContain('browser: test');
      expect(m.parsed.text).toContain('Sent by: admin');

      sink.clear();
      await t.http().post('/api/debug-email').set('authorization', `Bearer ${admin}`).send({}).expect(200);
      const [plain] = await sink.waitForMailsTo(ADMIN_INBOX);
      expect(plain.parsed.subject).toBe('Test Email from Mixdown Studio');
    });

    it('debug-customer-email mails the given address and validates it', async () => {
      const res = await t
        .http()
        .post('/api/debug-customer-email')
        .set('authorization', `Bearer ${admin}`)
        .send({ email: 'tester@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const [m] = await sink.waitForMailsTo('tester@example.com');
      expect(m.parsed.subject).toBe('Test email from Mixdown Studio');
      expect(m.parsed.text).toContain('hello@studio.example.com');

      const empty = await t
        .http()
        .post('/api/debug-customer-email')
        .set('authorization', `Bearer ${admin}`)
        .send({ email: '' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        success: false,
        message: 'Please enter a test email address',
        error: 'Please enter a test email address',
      });
    });

    it('test-email-delivery sends the Microsoft test three ways: text only, HTML with text, with an attachment', async () => {
      const res = await t
        .http()
        .post('/api/test-email-delivery')
        .set('authorization', `Bearer ${admin}`)
        .send({ email: 'tester@outlook.com', provider: 'microsoft', name: 'Tess', service: 'Mixing' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        recipient: 'tester@outlook.com',
        provider: 'microsoft',
      });
      expect(
        res.body.results.map((r: { method: string; success: boolean }) => [r.method, r.success]),
      ).toEqual([
        ['plain-text', true],
        ['html-with-text', true],
        ['with-attachment', true],
      ]);
      const mails = await sink.waitForMailsTo('tester@outlook.com', 3);
      const bySubject = (n: number) =>
        mails.find((m) => m.parsed.subject?.startsWith(`Delivery test ${n} of 3`))!;
      expect(bySubject(1).parsed.html).toBe(false);
      expect(bySubject(1).parsed.text).toContain(
        'Delivery method tested: Plain text only (service: Mixing).',
      );
      expect(bySubject(2).parsed.html).toContain('Test mail for Tess');
      expect(bySubject(2).parsed.attachments).toHaveLength(0);
      const [file] = bySubject(3).parsed.attachments;
      expect(file).toMatchObject({ filename: 'delivery-test.txt', contentType: 'text/plain' });
      expect(file.content.toString()).toContain('Delivery test attachment');

      sink.clear();
      const other = await t
        .http()
        .post('/api/test-email-delivery')
        .set('authorization', `Bearer ${admin}`)
        .send({ email: 'tester@example.org', provider: 'other', name: 'Tess', service: 'Mixing' });
      expect(other.body.results).toHaveLength(1);
      await sink.waitForMailsTo('tester@example.org');

      const bad = await t
        .http()
        .post('/api/test-email-delivery')
        .set('authorization', `Bearer ${admin}`)
        .send({ email: 'a@b.co', provider: 'aol' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('provider must be microsoft or other');
    });

    it('answers 503 with an error when the queue is unreachable', async () => {
      const add = jest.spyOn(queue, 'add').mockRejectedValue(new Error('Redis is down'));
      try {
        const res = await t
          .http()
          .post('/api/debug-customer-email')
          .set('authorization', `Bearer ${admin}`)
          .send({ email: 'later@example.com' });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({
          success: false,
          code: 'MAIL_QUEUE_UNAVAILABLE',
          error: expect.stringContaining('mail queue is unavailable'),
        });
      } finally {
        add.mockRestore();
      }
      await mail.sweepOutbox();
      await sink.waitForMailsTo('later@example.com');
    });
  });

  describe('ops dashboard at /admin/queues', () => {
    it('sends anonymous browsers to the staff sign-in and answers API callers 401 in the error shape', async () => {
      const page = await t.http().get('/admin/queues').set('accept', 'text/html,application/xhtml+xml');
      expect(page.status).toBe(302);
      expect(page.headers.location).toBe('/admin/login?redirect=%2Fadmin%2Fqueues');
      const api = await t.http().get('/admin/queues/api/queues');
      expect(api.status).toBe(401);
      expect(api.body).toEqual({
        success: false,
        message: 'Please log in to continue.',
        code: 'UNAUTHORIZED',
      });
      const forged = await t.http().get('/admin/queues/api/queues').set('cookie', 'authToken=not-a-token');
      expect(forged.status).toBe(401);
      const action = await t.http().put('/admin/queues/api/queues/pause');
      expect(action.status).toBe(401);
    });

    it('refuses non-admins with 403', async () => {
      const api = await t.http().get('/admin/queues/api/queues').set('authorization', `Bearer ${author}`);
      expect(api.status).toBe(403);
      expect(api.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      const page = await t
        .http()
        .get('/admin/queues')
        .set('cookie', `authToken=${author}`)
        .set('accept', 'text/html');
      expect(page.status).toBe(403);
      expect(page.text).toContain('Access Denied');
      const asset = await t
        .http()
        .get('/admin/queues/static/images/logo.svg')
        .set('authorization', `Bearer ${author}`);
      expect(asset.status).toBe(403);
    });

    it('shows admins the board with the mail and lottery queues, by cookie or bearer token', async () => {
      const page = await t
        .http()
        .get('/admin/queues')
        .set('cookie', `authToken=${admin}`)
        .set('accept', 'text/html');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<base href="/admin/queues/"');
      expect(page.text).toContain('Mixdown Studio queues');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1];
      const js = await t.http().get(`/admin/queues/${script}`).set('cookie', `authToken=${admin}`);
      expect(js.status).toBe(200);

      const api = await t.http().get('/admin/queues/api/queues').set('authorization', `Bearer ${admin}`);
      expect(api.status).toBe(200);
      const names = api.body.queues.map((q: { name: string }) => q.name).sort();
      expect(names).toEqual([
        'lottery',
        'mail',
        'newsletter',
        'project-previews',
        'project-reminders',
        'reconciliation',
        'uploads-probe',
      ]);
    });

    it('leads back to the admin, and shows whom a failed mail was for and what it was', async () => {
      const page = await t
        .http()
        .get('/admin/queues')
        .set('cookie', `authToken=${admin}`)
        .set('accept', 'text/html');
      expect(page.text).toMatch(
        /<nav aria-label="Back office"[^>]*>\s*<a href="\/admin"[^>]*>&larr; Back to the admin<\/a>/,
      );
      // The script naming the board's icon buttons, served from the board's own path.
      expect(page.text).toContain('<script src="/admin/queues/desk-a11y.js" defer></script>');
      const script = await t.http().get('/admin/queues/desk-a11y.js').set('cookie', `authToken=${admin}`);
      expect([script.status, script.headers['content-type']]).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(script.text).toContain("'Full screen'");

      // A mail the server refuses for good: its job holds only the stored mail's id.
      sink.rejectRecipients.add('gone-board@example.com');
      const id = await mail.enqueue({
        template: 'customer-test',
        to: 'gone-board@example.com',
        subject: 'Bounce',
        context: TEST_CONTEXT,
      });
      await waitForJob(queue, id, (s) => s === 'failed');
      const failed = await t
        .http()
        .get('/admin/queues/api/queues?activeQueue=mail&status=failed&page=1&jobsPerPage=50')
        .set('authorization', `Bearer ${admin}`);
      expect(failed.status).toBe(200);
      const jobs = failed.body.queues.find((q: { name: string }) => q.name === 'mail').jobs as {
        name: string;
        data: Record<string, unknown>;
      }[];
      const bounce = jobs.find((j) => j.data.mailId === id);
      expect(bounce).toMatchObject({
        name: 'To gone-board@example.com: Bounce',
        data: { mailId: id, to: 'gone-board@example.com', subject: 'Bounce' },
      });
      // Redis itself still holds the id only.
      const job = await queue.getJob(bounce!.data.mailId as string);
      expect(job!.data).toEqual({ mailId: bounce!.data.mailId });
    });
  });
});

describe('mail worker shutdown (HTTP)', () => {
  it('lets a job in flight finish before the process closes', async () => {
    const sink = await SmtpSink.start();
    sink.acceptDelayMs = 1500;
    const t = await createTestApp({ SMTP_URL: sink.url, MAIL_RETRY_DELAY_MS: '200' });
    const queue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    // The order things happen in: the job must complete before the SMTP pool is closed (the
    // pool calls close() again itself once its last connection is done; only the first counts).
    const events: string[] = [];
    queue.on('completed', (job) => events.push(String(job.id)));
    const pool = t.app.get(MailerService).getTransporter().transporter;
    const close = pool.close!.bind(pool);
    pool.close = () => {
      if (!events.includes('smtp closed')) events.push('smtp closed');
      close();
    };
    try {
      await t.app.get(MailService).enqueue({
        template: 'customer-test',
        to: 'inflight@example.com',
        subject: 'In flight',
        context: TEST_CONTEXT,
        jobId: 'inflight-1',
      });
      await waitForJob(queue, 'inflight-1', (s) => s === 'active');
    } finally {
      await t.close();
      await sink.stop();
    }
    expect(events).toEqual(['inflight-1', 'smtp closed']);
    expect(sink.to('inflight@example.com')).toHaveLength(1);
  });
});

describe('ROLE=api (HTTP)', () => {
  it('only queues mail: no worker sends it and no lottery is scheduled', async () => {
    const sink = await SmtpSink.start();
    const t = await createTestApp({ ROLE: 'api', SMTP_URL: sink.url });
    try {
      const id = await t.app.get(MailService).enqueue({
        template: 'customer-test',
        to: 'queued@example.com',
        subject: 'Queued',
        context: TEST_CONTEXT,
      });
      await new Promise((r) => setTimeout(r, 700));
      const queue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
      expect(await (await queue.getJob(id))!.getState()).toBe('waiting');
      expect(sink.mails).toHaveLength(0);
      expect(await t.app.get<Queue>(getQueueToken('lottery')).getRepeatableJobs()).toEqual([]);
    } finally {
      await t.close();
      await sink.stop();
    }
  });
});

async function waitForJob(queue: Queue, id: string, done: (state: string) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob(id);
    // Read the job again once its state matches: the first read may predate the change.
    if (job && done(await job.getState())) return (await queue.getJob(id)) ?? job;
    if (Date.now() > deadline) throw new Error(`job ${id} never reached the expected state`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
