import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';

const contact = (name: string, email: string, service: string, message: string) => ({
  name,
  email,
  service,
  message,
});

describe('Messages (/api/admin/messages)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let tokens: StaffTokens;
  let ids: number[];
  const as = () => ({ authorization: `Bearer ${tokens.admin}` });

  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({
      PUBLIC_URL: 'https://studio.example.com',
    }));
    tokens = await staffTokens(t, 'msg');
    ids = [];
    for (const c of [
      contact('Ada Lovelace', 'ada@example.com', 'mix-master', 'Six tracks of analytical engine folk.'),
      contact('Grace Hopper', 'grace@example.com', 'master', 'One long song about compilers, 100% done.'),
      contact('Alan Turing', 'alan@example.com', 'free-mix', 'Please mix my free song, it is a test.'),
    ]) {
      const res = await t.http().post('/api/contact').send(c);
      expect(res.status).toBe(201);
    }
    ids = (await t.app.get(DataSource).query(`SELECT id FROM contacts ORDER BY id`)).map(
      (r: { id: number }) => r.id,
    );
  });
  afterAll(() => closeTestApp(t, sink));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/messages');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/messages/unread-count');
    await expectAdminOnly(t, tokens, 'get', `/api/admin/messages/${ids[0]}`);
    await expectAdminOnly(t, tokens, 'patch', `/api/admin/messages/${ids[0]}`, { status: 'archived' });
    await expectAdminOnly(t, tokens, 'post', `/api/admin/messages/${ids[0]}/reply`, { body: 'Hello there' });
  });

  it('lists newest first with search, service and status filters, and counts unread', async () => {
    const all = await t.http().get('/api/admin/messages').set(as());
    expect(all.status).toBe(200);
    expect(all.body.items.map((m: { name: string }) => m.name)).toEqual([
      'Alan Turing',
      'Grace Hopper',
      'Ada Lovelace',
    ]);
    expect(all.body).toMatchObject({ total: 3, unread: 3 });
    expect(all.body.items[0]).toMatchObject({
      status: 'new',
      unread: true,
      serviceLabel: 'Free Mix',
      replies: 0,
    });

    const search = async (q: string) =>
      (await t.http().get(`/api/admin/messages?${q}`).set(as())).body.items.map(
        (m: { email: string }) => m.email,
      );
    expect(await search('search=compilers')).toEqual(['grace@example.com']);
    expect(await search('search=ADA%40')).toEqual(['ada@example.com']);
    expect(await search('search=100%25')).toEqual(['grace@example.com']);
    expect(await search('service=master')).toEqual(['grace@example.com']);
    expect(await search('status=replied')).toEqual([]);
    expect(await search('sort=name&order=asc&limit=1&offset=1')).toEqual(['alan@example.com']);
  });

  it('refuses unknown sorts, filters, statuses and ids with a 400', async () => {
    for (const q of ['sort=message', 'status=spam', 'colour=red', 'limit=-1', 'offset=x']) {
      const res = await t.http().get(`/api/admin/messages?${q}`).set(as());
      expect([q, res.status, res.body.success]).toEqual([q, 400, false]);
    }
    const bad = await t.http().patch(`/api/admin/messages/${ids[0]}`).set(as()).send({ status: 'deleted' });
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'status']);
    expect((await t.http().get('/api/admin/messages/0').set(as())).status).toBe(400);
    expect((await t.http().get('/api/admin/messages/999999').set(as())).status).toBe(404);
    const empty = await t.http().post(`/api/admin/messages/${ids[0]}/reply`).set(as()).send({ body: ' ' });
    expect([empty.status, empty.body.errors[0].field]).toEqual([400, 'body']);
    const noService = await t
      .http()
      .post(`/api/admin/messages/${ids[0]}/reply`)
      .set(as())
      .send({ serviceId: 99999 });
    expect([noService.status, noService.body.code]).toEqual([400, 'UNKNOWN_SERVICE']);
  });

  it('opens a message (marking it read) with the delivery state of its mails', async () => {
    await sink.waitForMailsTo('ada@example.com');
    const res = await t.http().get(`/api/admin/messages/${ids[0]}`).set(as());
    expect(res.status).toBe(200);
    const m = res.body.message;
    expect(m).toMatchObject({
      name: 'Ada Lovelace',
      message: 'Six tracks of analytical engine folk.',
      unread: false,
    });
    expect(m.mails.map((d: { label: string }) => d.label)).toEqual([
      'Thank-you to the customer',
      'Notification to the studio',
    ]);
    expect(m.mails[0]).toMatchObject({ jobId: `contact-${ids[0]}-thank-you`, state: 'sent' });
    const count = await t.http().get('/api/admin/messages/unread-count').set(as());
    expect(count.body.unread).toBe(2);
  });

  it('reads a mail whose job Bull has dropped from the stored mail: sent or given up on, else unknown', async () => {
    const queue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    const [thankYou, notification] = [`contact-${ids[0]}-thank-you`, `contact-${ids[0]}-notification`];
    for (const jobId of [thankYou, notification]) {
      for (let i = 0; (await (await queue.getJob(jobId))?.getState()) !== 'completed'; i++) {
        if (i > 100) throw new Error(`${jobId} did not complete`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // What removeOnComplete does a day (or 1000 mails) later.
      await (await queue.getJob(jobId))!.remove();
    }
    const db = t.app.get(DataSource);
    const states = async () =>
      (await t.http().get(`/api/admin/messages/${ids[0]}`).set(as())).body.message.mails.map(
        (d: { state: string }) => d.state,
      );
    expect(await states()).toEqual(['sent', 'sent']);

    await db.query(`UPDATE mail_messages SET sent_at = NULL, failed_at = now() WHERE job_id = $1`, [
      notification,
    ]);
    expect(await states()).toEqual(['sent', 'failed']);
    // Neither a job nor a settled row (e.g. purged after its retention): nothing to say.
    await db.query(`DELETE FROM mail_messages WHERE job_id = $1`, [notification]);
    expect(await states()).toEqual(['sent', 'unknown']);
  });

  it('replies through the mail queue, keeps the thread and marks the message replied', async () => {
    const res = await t
      .http()
      .post(`/api/admin/messages/${ids[1]}/reply`)
      .set(as())
      .send({ body: 'Hi Grace,\nsend the stems whenever you like.' });
    expect(res.status).toBe(201);
    expect(res.body.message.status).toBe('replied');
    expect(res.body.message.thread).toHaveLength(1);
    expect(res.body.message.thread[0]).toMatchObject({ kind: 'reply', author: 'Studio Admin' });
    const reply = (await sink.waitForMailsTo('grace@example.com', 2)).find((x) =>
      x.parsed.subject?.startsWith('Re:'),
    );
    expect(reply?.parsed.text).toContain('send the stems whenever you like.');
    expect(reply?.parsed.text).toContain('One long song about compilers');

    const again = await t.http().get(`/api/admin/messages/${ids[1]}`).set(as());
    expect(again.body.message.thread[0].delivery.state).toMatch(/^(sent|queued|retrying)$/);
  });

  it('sends one reply for a double click: the same idempotency key records and mails it once', async () => {
    const before = sink.to('grace@example.com').length;
    const send = () =>
      t
        .http()
        .post(`/api/admin/messages/${ids[1]}/reply`)
        .set(as())
        .send({ body: 'Double-clicked reply', idempotencyKey: 'reply-key-123456' });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const thread = (await t.http().get(`/api/admin/messages/${ids[1]}`).set(as())).body.message.thread;
    expect(thread.filter((r: { body: string }) => r.body === 'Double-clicked reply')).toHaveLength(1);
    await sink.waitForMailsTo('grace@example.com', before + 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      sink.to('grace@example.com').filter((m) => m.parsed.text?.includes('Double-clicked reply')),
    ).toHaveLength(1);
    const bad = await t
      .http()
      .post(`/api/admin/messages/${ids[1]}/reply`)
      .set(as())
      .send({ body: 'Bad key', idempotencyKey: 'no spaces allowed' });
    expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'idempotencyKey']);
  });

  it('sends a deposit link priced from the catalogue', async () => {
    const [mix] = await t.app.get(DataSource).query(`SELECT id FROM production_services WHERE name = 'Mix'`);
    const res = await t
      .http()
      .post(`/api/admin/messages/${ids[2]}/reply`)
      .set(as())
      .send({ serviceId: mix.id });
    expect(res.status).toBe(201);
    expect(res.body.message.thread[0].kind).toBe('deposit-link');
    const mails = await sink.waitForMailsTo('alan@example.com', 2);
    const link = mails.find((x) => x.parsed.subject?.startsWith('Book your Mix'));
    expect(link?.parsed.subject).toBe('Book your Mix: £30 deposit');
    expect(link?.parsed.text).toContain(`https://studio.example.com/checkout?serviceId=${mix.id}`);
  });

  it('archives a message; an archived message is not unread any more', async () => {
    const res = await t.http().patch(`/api/admin/messages/${ids[2]}`).set(as()).send({ status: 'archived' });
    expect([res.status, res.body.message.status]).toEqual([200, 'archived']);
    const list = await t.http().get('/api/admin/messages?status=archived').set(as());
    expect(list.body.items.map((m: { id: number }) => m.id)).toEqual([ids[2]]);
  });
});
