import { VISITOR_MAIL } from '@studio/shared';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { MailService } from '../src/mail/mail.service';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, createTestApp, TestApp } from './support/test-app';

const ADMIN_INBOX = 'studio-admin@example.com';
const MAIL_ENV = {
  MAIL_RETRY_DELAY_MS: '200',
  ADMIN_NOTIFY_EMAIL: ADMIN_INBOX,
  PUBLIC_URL: 'https://studio.example.com',
};

const contact = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  service: 'mix-master',
  message: 'Hi! I have a six-track EP that needs mixing and mastering.',
  ...over,
});

const rows = (t: TestApp) => t.app.get(DataSource).query('SELECT * FROM contacts ORDER BY id');

describe('contact (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink(MAIL_ENV));
  });
  afterAll(() => closeTestApp(t, sink));
  beforeEach(() => sink.clear());

  it('stores the message, answers the V1 shape and mails the customer and the admin', async () => {
    const res = await t
      .http()
      .post('/api/contact')
      .send(contact({ name: '  Ada Lovelace ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: "We've received your message and will get back to you within 24-48 hours.",
      emailStatus: { customerThankYou: true },
    });
    const [row] = await rows(t);
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'mix-master' });

    const [thanks] = await sink.waitForMailsTo('ada@example.com');
    expect(thanks.parsed.subject).toBe('Thanks for contacting Mixdown Studio');
    expect(thanks.parsed.from?.text).toContain('bookings@localhost');
    expect(thanks.parsed.messageId).toBe(`<contact-${row.id}-thank-you@localhost>`);
    expect(thanks.parsed.text).toContain(
      "We've received your message and will get back to you within 24-48 hours.",
    );
    expect(thanks.parsed.text).toContain('Service: Mix & Master');
    expect(thanks.parsed.text).not.toContain('six-track EP');
    expect(thanks.parsed.text).toContain('https://studio.example.com/services-checkout');
    expect(thanks.parsed.html).toContain('href="https://studio.example.com/services-checkout"');
    expect(thanks.parsed.html).toContain('Thanks for getting in touch!');
    expect(thanks.parsed.html).not.toContain('Ada Lovelace');
    // A thank-you is not a newsletter mail: no unsubscribe header.
    expect(thanks.header('list-unsubscribe')).toBeUndefined();

    const [notice] = await sink.waitForMailsTo(ADMIN_INBOX);
    expect(notice.parsed.subject).toBe('New contact message from Ada Lovelace (Mix & Master)');
    expect(notice.parsed.replyTo?.text).toBe('ada@example.com');
    expect(notice.parsed.text).toContain('Hi! I have a six-track EP that needs mixing and mastering.');
    expect(notice.parsed.text).toContain(`Contact #${row.id}`);
  });

  it('answers V2 with each mail as an object carrying its job id', async () => {
    const res = await t
      .http()
      .post('/api/contact-v2')
      .send(contact({ email: 'grace@example.com', service: 'production' }));
    expect(res.status).toBe(201);
    const id = (await rows(t)).at(-1).id;
    expect(res.body).toEqual({
      success: true,
      message: "We've received your message and will get back to you within 24-48 hours.",
      emailStatus: {
        customerThankYou: { success: true, messageId: `contact-${id}-thank-you` },
        adminNotification: { success: true, messageId: `contact-${id}-notification` },
      },
    });
    const [notice] = await sink.waitForMailsTo(ADMIN_INBOX);
    expect(notice.parsed.subject).toBe('New contact message from Ada Lovelace (Production)');
    await sink.waitForMailsTo('grace@example.com');
  });

  it('enforces the schema of spec §5 with its messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [contact({ service: 'karaoke' }), 'service', 'Please select a valid service'],
      [contact({ service: 'production' }), 'service', 'Please select a valid service'],
      [contact({ name: 'A' }), 'name', 'Name must be between 2 and 100 characters'],
      [contact({ name: 'x'.repeat(101) }), 'name', 'Name must be between 2 and 100 characters'],
      [contact({ email: 'not-an-email' }), 'email', 'Please enter a valid email address.'],
      [contact({ message: 'Too short' }), 'message', 'Message must be between 10 and 1000 characters'],
      [contact({ message: 'x'.repeat(1001) }), 'message', 'Message must be between 10 and 1000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.http().post('/api/contact').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
      expect(res.body.errors[0]).toEqual({ field, message });
    }
    const missing = await t.http().post('/api/contact-v2').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'message',
      'name',
      'service',
    ]);
    expect(await rows(t)).toHaveLength(2);
  });

  it('treats a filled honeypot as success but keeps and sends nothing', async () => {
    const before = (await rows(t)).length;
    const res = await t
      .http()
      .post('/api/contact-v2')
      .send(contact({ email: 'bot@example.com', website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.emailStatus.customerThankYou.success).toBe(true);
    expect(await rows(t)).toHaveLength(before);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.to('bot@example.com')).toHaveLength(0);
  });

  it('still succeeds when the queue is unreachable, and the outbox sends the mails later', async () => {
    const queue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    const add = jest.spyOn(queue, 'add').mockRejectedValue(new Error('Redis is down'));
    try {
      const res = await t
        .http()
        .post('/api/contact-v2')
        .send(contact({ email: 'outage@example.com' }));
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.emailStatus).toEqual({
        customerThankYou: { success: false, messageId: null },
        adminNotification: { success: false, messageId: null },
      });
      const v1 = await t
        .http()
        .post('/api/contact')
        .send(contact({ email: 'outage-v1@example.com' }));
      expect(v1.body.emailStatus).toEqual({ customerThankYou: false });
    } finally {
      add.mockRestore();
    }
    const stored = (await rows(t)).map((r: { email: string }) => r.email);
    expect(stored).toEqual(expect.arrayContaining(['outage@example.com', 'outage-v1@example.com']));
    const parked = await t.app.get(DataSource).query('SELECT job_id FROM mail_outbox');
    expect(parked).toHaveLength(4);

    expect(await t.app.get(MailService).sweepOutbox()).toBe(4);
    await sink.waitForMailsTo('outage@example.com');
    await sink.waitForMailsTo('outage-v1@example.com');
    expect(await t.app.get(DataSource).query('SELECT job_id FROM mail_outbox')).toHaveLength(0);
  });

  it("sends the admin notice to the address saved in the admin's Settings", async () => {
    const token = await adminToken(t);
    await t
      .http()
      .put('/api/admin/settings')
      .set('authorization', `Bearer ${token}`)
      .send({ adminNotifyEmail: 'bookings-desk@example.com' })
      .expect(200);
    try {
      await t
        .http()
        .post('/api/contact')
        .send(contact({ email: 'lin@example.com' }))
        .expect(201);
      const [notice] = await sink.waitForMailsTo('bookings-desk@example.com');
      expect(notice.parsed.subject).toContain('New contact message');
    } finally {
      await t
        .http()
        .put('/api/admin/settings')
        .set('authorization', `Bearer ${token}`)
        .send({ adminNotifyEmail: null })
        .expect(200);
    }
  });
});

describe('contact while the SMTP server is down (HTTP)', () => {
  it('succeeds at once and delivers both mails, once each, after the server returns', async () => {
    const sink = await SmtpSink.start();
    await sink.stop();
    const t = await createTestApp({ ...MAIL_ENV, SMTP_URL: sink.url });
    try {
      const res = await t
        .http()
        .post('/api/contact')
        .send(contact({ email: 'patient@example.com' }));
      expect(res.status).toBe(201);
      expect(res.body.emailStatus.customerThankYou).toBe(true);

      const queue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
      const job = await queue.getJob('contact-1-thank-you');
      // The server's absence is noticed: a first attempt fails and waits for its retry. The
      // thank-you is that delayed job, or held in the worker by the breaker the other mail's
      // failure opened (smtp-breaker.ts): either way not sent, and not lost.
      await waitUntil(async () => (await queue.getDelayedCount()) > 0);
      expect(['delayed', 'active']).toContain(await job!.getState());
      expect(sink.mails).toHaveLength(0);

      await sink.listen();
      await sink.waitForMailsTo('patient@example.com', 1, 20_000);
      await sink.waitForMailsTo(ADMIN_INBOX, 1, 20_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.mails).toHaveLength(2);
      const done = await queue.getJob('contact-1-thank-you');
      expect(await done!.getState()).toBe('completed');
      // At most the one attempt in flight when the server was found missing: a job held by the
      // breaker waits without spending attempts (both mails may go out together, so which of the
      // two found it missing is a race; neither retries while it is away).
      expect(done!.attemptsMade).toBeLessThanOrEqual(1);
    } finally {
      await t.close();
      await sink.stop();
    }
  });
});

describe('public form rate limits (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...MAIL_ENV, SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('answers 429 in the error shape once a client sends too many messages', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t
        .http()
        .post('/api/contact')
        .send(contact({ email: `flood${i}@example.com` }));
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({
          success: false,
          message: 'Too many requests. Please wait a moment and try again.',
          code: 'RATE_LIMITED',
        });
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await rows(t)).toHaveLength(10);
  });

  it('limits newsletter sign-ups and referral codes per client too', async () => {
    // Eleven posts from one client: the limit is ten a window.
    const eleven = async (path: string, email: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await t
              .http()
              .post(path)
              .send({ email: email(i) })
          ).status,
        );
      return statuses;
    };
    const subscribe = await eleven('/api/newsletter/subscribe', (i) => `fan${i}@example.com`);
    expect(subscribe.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(subscribe[10]).toBe(429);

    const generate = await eleven('/api/referral/generate', (i) => `ref${i}@example.com`);
    expect(generate.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(generate[10]).toBe(429);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('contact: mail to an unconfirmed address (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink(MAIL_ENV));
  });
  afterAll(() => closeTestApp(t, sink));

  it(`sends one address at most ${VISITOR_MAIL.perAddressPerDay} thank-yous a day, and keeps every message`, async () => {
    const sends = VISITOR_MAIL.perAddressPerDay + 2;
    const statuses: boolean[] = [];
    for (let i = 0; i < sends; i++) {
      // From different clients, as a script spreading over addresses would.
      const res = await t.app
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url: '/api/contact',
          payload: contact({ email: 'victim@example.com', message: `Message number ${i} from a script.` }),
          remoteAddress: `198.51.100.${i + 1}`,
        });
      expect(res.statusCode).toBe(201);
      statuses.push(JSON.parse(res.body).emailStatus.customerThankYou);
    }
    expect(statuses).toEqual([...Array(VISITOR_MAIL.perAddressPerDay).fill(true), false, false]);
    expect(await rows(t)).toHaveLength(sends);
    // The worker sends in parallel: wait for both kinds, then count (the refused thank-yous were
    // never queued, so none can arrive later).
    await sink.waitForMailsTo(ADMIN_INBOX, sends);
    await sink.waitForMailsTo('victim@example.com', VISITOR_MAIL.perAddressPerDay);
    expect(sink.to('victim@example.com')).toHaveLength(VISITOR_MAIL.perAddressPerDay);
  });
});
