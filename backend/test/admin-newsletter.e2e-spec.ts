import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { MESSAGES } from '@studio/shared';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';

const PUBLIC_URL = 'https://studio.example.com';
const ISSUES = '/api/admin/newsletter/issues';
const BODY = '<h2>March at the studio</h2><p>New outboard, new <a href="/blog">blog posts</a>.</p>';

describe('Newsletter issues (/api/admin/newsletter)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let db: DataSource;
  let tokens: StaffTokens;
  const as = () => ({ authorization: `Bearer ${tokens.admin}` });

  /** Confirmed (active) subscribers, inserted directly: the sign-up flow has its own tests. */
  async function addSubscribers(emails: string[], state: 'active' | 'pending' | 'unsubscribed' = 'active') {
    await db.query(
      `INSERT INTO newsletter_subscribers (email, confirmed_at, unsubscribed_at)
       SELECT e, CASE WHEN $2 = 'pending' THEN NULL ELSE now() END,
                 CASE WHEN $2 = 'unsubscribed' THEN now() ELSE NULL END
         FROM unnest($1::text[]) AS e`,
      [emails, state],
    );
  }
  const createIssue = async (subject: string, bodyHtml = BODY) => {
    const res = await t.http().post(ISSUES).set(as()).send({ subject, preheader: 'What is new', bodyHtml });
    expect(res.status).toBe(201);
    return res.body.issue.id as number;
  };
  const progress = async (id: number) => (await t.http().get(`${ISSUES}/${id}`).set(as())).body.issue;
  async function waitSettled(id: number, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const issue = await progress(id);
      if (issue.state === 'sent') return issue;
      if (Date.now() > deadline)
        throw new Error(`issue ${id} not settled: ${JSON.stringify(issue.progress)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  /** Mails of one issue, by recipient: proves nobody got two. */
  const copiesBySubject = (subject: string) => {
    const counts = new Map<string, number>();
    for (const m of sink.mails.filter((x) => x.parsed.subject === subject))
      for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  };

  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({
      MAIL_PROBE_MS: '200',
      PUBLIC_URL,
    }));
    db = t.app.get(DataSource);
    tokens = await staffTokens(t, 'nl');
  });
  afterAll(() => closeTestApp(t, sink));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    const body = { subject: 'Hello there', bodyHtml: BODY };
    await expectAdminOnly(t, tokens, 'get', ISSUES);
    await expectAdminOnly(t, tokens, 'post', ISSUES, body);
    await expectAdminOnly(t, tokens, 'get', `${ISSUES}/1`);
    await expectAdminOnly(t, tokens, 'put', `${ISSUES}/1`, body);
    await expectAdminOnly(t, tokens, 'delete', `${ISSUES}/1`);
    await expectAdminOnly(t, tokens, 'post', '/api/admin/newsletter/preview', body);
    await expectAdminOnly(t, tokens, 'post', `${ISSUES}/1/test`);
    await expectAdminOnly(t, tokens, 'post', `${ISSUES}/1/send`);
    await expectAdminOnly(t, tokens, 'post', `${ISSUES}/1/pause`);
    await expectAdminOnly(t, tokens, 'post', `${ISSUES}/1/resume`);
  });

  it('refuses bad input with 400 and unknown issues with 404', async () => {
    const short = await t.http().post(ISSUES).set(as()).send({ subject: 'Hi', bodyHtml: BODY });
    expect([short.status, short.body.errors[0].field]).toEqual([400, 'subject']);
    const noBody = await t.http().post(ISSUES).set(as()).send({ subject: 'Hello there' });
    expect(noBody.status).toBe(400);
    for (const q of ['state=lost', 'sort=subject', 'limit=0']) {
      const bad = await t.http().get(`${ISSUES}?${q}`).set(as());
      expect([q, bad.status]).toEqual([q, 400]);
    }
    // The back-office lists share the paging bound and its message with the public lists.
    for (const offset of ['-1', '1.5', '1000001']) {
      const bad = await t.http().get(`${ISSUES}?offset=${offset}`).set(as());
      expect([offset, bad.status, bad.body.errors?.[0]?.message]).toEqual([offset, 400, MESSAGES.pageOffset]);
    }
    const missing = await t.http().get(`${ISSUES}/999999`).set(as());
    expect([missing.status, missing.body.code]).toEqual([404, 'NEWSLETTER_ISSUE_NOT_FOUND']);
    // An issue with no words in it is not sent.
    const empty = await createIssue('Nothing yet', '<p><br></p>');
    const send = await t.http().post(`${ISSUES}/${empty}/send`).set(as());
    expect(send.status).toBe(400);
    expect((await progress(empty)).state).toBe('draft');
  });

  it('previews the issue as the mail, cleaned, with absolute links and an unsubscribe footer', async () => {
    const res = await t
      .http()
      .post('/api/admin/newsletter/preview')
      .set(as())
      .send({
        subject: 'March news',
        bodyHtml: `${BODY}<script>alert(1)</script><img src="/uploads/a.png" alt="Desk">`,
      });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('March news');
    expect(res.body.html).toContain('<h2>March at the studio</h2>');
    expect(res.body.html).toContain(`href="${PUBLIC_URL}/blog"`);
    expect(res.body.html).toContain(`src="${PUBLIC_URL}/uploads/a.png"`);
    expect(res.body.html).not.toContain('<script');
    expect(res.body.html).toContain('Unsubscribe');
    expect(res.body.text).toContain('MARCH AT THE STUDIO');
    expect(res.body.text).toContain(`blog posts [${PUBLIC_URL}/blog]`);
  });

  it('mails a test copy to the signed-in admin only', async () => {
    const id = await createIssue('Test copy issue');
    const res = await t.http().post(`${ISSUES}/${id}/test`).set(as());
    expect(res.status).toBe(200);
    const [mail] = await sink.waitForMailsTo('admin@example.com');
    expect(mail.parsed.subject).toBe('[Test] Test copy issue');
    expect((await progress(id)).progress.recipients).toBe(0);
  });

  it('sends once to confirmed subscribers only, with a working one-click unsubscribe, and records it', async () => {
    await addSubscribers(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    await addSubscribers(['pending@example.com'], 'pending');
    await addSubscribers(['gone@example.com'], 'unsubscribed');
    const id = await createIssue('Studio news: March');

    // A double click, a second tab and a retry: one send.
    const sends = await Promise.all([1, 2, 3].map(() => t.http().post(`${ISSUES}/${id}/send`).set(as())));
    expect(sends.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(sends.filter((r) => r.body.started)).toHaveLength(1);

    const issue = await waitSettled(id);
    expect(issue.progress).toEqual({ recipients: 3, sent: 3, failed: 0, skipped: 0, remaining: 0 });
    expect(issue.sentBy).toBe('admin');
    await new Promise((r) => setTimeout(r, 300));
    expect(Object.fromEntries(copiesBySubject('Studio news: March'))).toEqual({
      'ann@example.com': 1,
      'bob@example.com': 1,
      'cy@example.com': 1,
    });

    const [mail] = sink.to('bob@example.com').filter((m) => m.parsed.subject === 'Studio news: March');
    const link = /https:\/\/studio\.example\.com(\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+)/.exec(
      mail.parsed.text ?? '',
    );
    expect(link).not.toBeNull();
    expect(mail.header('list-unsubscribe')).toContain(`<${PUBLIC_URL}${link![1]}>`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).toContain('MARCH AT THE STUDIO');
    // The issue is rendered once; every mail still carries its own recipient's link, the same in
    // the text, the HTML and the List-Unsubscribe header.
    const own = ['ann@example.com', 'bob@example.com', 'cy@example.com'].map((to) => {
      const [m] = sink.to(to).filter((x) => x.parsed.subject === 'Studio news: March');
      const url = /https:\/\/studio\.example\.com\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(
        m.parsed.text ?? '',
      )![0];
      expect(m.header('list-unsubscribe')).toContain(`<${url}>`);
      expect(m.parsed.html).toContain(`href="${url.replace(/=/g, '&#x3D;')}"`);
      return url;
    });
    expect(new Set(own).size).toBe(3);
    const page = await t.http().get(link![1]);
    expect([page.status, page.text]).toEqual([200, expect.stringContaining('You have been unsubscribed')]);
    const [bob] = await db.query(
      `SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = 'bob@example.com'`,
    );
    expect(bob.unsubscribed_at).not.toBeNull();

    // Sending again later queues nothing; a sent issue can no longer be edited or deleted.
    const again = await t.http().post(`${ISSUES}/${id}/send`).set(as());
    expect([again.status, again.body.started]).toEqual([200, false]);
    const edit = await t.http().put(`${ISSUES}/${id}`).set(as()).send({ subject: 'Changed', bodyHtml: BODY });
    expect([edit.status, edit.body.code]).toEqual([409, 'NEWSLETTER_ISSUE_SENT']);
    expect((await t.http().delete(`${ISSUES}/${id}`).set(as())).status).toBe(409);

    const audit = await db.query(
      `SELECT actor_name, after FROM audit_log WHERE action = 'newsletter.send' AND target_id = $1`,
      [String(id)],
    );
    expect(audit).toEqual([{ actor_name: 'admin', after: { subject: 'Studio news: March', recipients: 3 } }]);

    const list = await t.http().get(`${ISSUES}?state=sent`).set(as());
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('resumes after a restart and lost bookkeeping without mailing anyone twice; a subscriber deleted mid-send gets nothing', async () => {
    await db.query(`UPDATE newsletter_subscribers SET unsubscribed_at = now()`);
    const emails = Array.from({ length: 620 }, (_, i) => `fan${i}@example.com`);
    await addSubscribers(emails);
    const subject = 'Resumable issue';
    const id = await createIssue(subject);

    await sink.stop(); // Nothing can be delivered yet: the mails wait on the queue.
    const send = await t.http().post(`${ISSUES}/${id}/send`).set(as());
    expect([send.status, send.body.started, send.body.issue.progress.recipients]).toEqual([200, true, 620]);
    // On the queue, or claimed by a mail job whose attempt failed (the server is down).
    const queued = async () =>
      Number(
        (
          await db.query(
            `SELECT count(*) AS n FROM newsletter_deliveries WHERE issue_id = $1 AND status IN ('queued', 'claimed')`,
            [id],
          )
        )[0].n,
      );
    for (let i = 0; i < 100 && (await queued()) < 620; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await queued()).toBe(620);

    // As if the process had died after queueing a batch but before marking it queued.
    await db.query(
      `UPDATE newsletter_deliveries SET status = 'pending'
        WHERE id IN (SELECT id FROM newsletter_deliveries WHERE issue_id = $1 ORDER BY id LIMIT 300)`,
      [id],
    );
    // Someone deletes a subscriber while the send is under way.
    const [victim] = await db.query(`SELECT id FROM newsletter_subscribers WHERE email = 'fan7@example.com'`);
    expect((await t.http().delete(`/api/admin/subscribers/${victim.id}`).set(as())).status).toBe(200);

    t = await t.restart(); // boot resumes issues still sending
    db = t.app.get(DataSource);
    await sink.listen();

    const issue = await waitSettled(id, 90_000);
    expect(issue.progress).toMatchObject({ recipients: 620, sent: 619, skipped: 1, remaining: 0, failed: 0 });
    await new Promise((r) => setTimeout(r, 500));
    const copies = copiesBySubject(subject);
    expect(copies.size).toBe(619);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(copies.has('fan7@example.com')).toBe(false);
  }, 150_000);

  it('pauses a send half-way (no more mails go out, the rest stays remaining) and resumes it: one copy each', async () => {
    await db.query(`UPDATE newsletter_subscribers SET unsubscribed_at = now() WHERE unsubscribed_at IS NULL`);
    const emails = Array.from({ length: 80 }, (_, i) => `pause${i}@example.com`);
    await addSubscribers(emails);
    const subject = 'Pausable issue';
    const id = await createIssue(subject);
    const received = () => sink.mails.filter((m) => m.parsed.subject === subject).length;
    const post = (action: string) => t.http().post(`${ISSUES}/${id}/${action}`).set(as());
    const countOf = async (action: string) =>
      Number(
        (
          await db.query(`SELECT count(*) AS n FROM audit_log WHERE action = $1 AND target_id = $2`, [
            action,
            String(id),
          ])
        )[0].n,
      );

    // Only a send can be paused, only a paused send resumed.
    for (const action of ['pause', 'resume']) {
      const res = await post(action);
      expect([action, res.status, res.body.success, res.body.code]).toEqual([
        action,
        409,
        false,
        action === 'pause' ? 'NEWSLETTER_ISSUE_NOT_SENDING' : 'NEWSLETTER_ISSUE_NOT_PAUSED',
      ]);
    }

    sink.acceptDelayMs = 150; // a slow server: the send takes a few seconds
    try {
      expect((await post('send')).status).toBe(200);
      for (let i = 0; i < 200 && received() < 3; i++) await new Promise((r) => setTimeout(r, 25));
      const paused = await post('pause');
      expect([paused.status, paused.body.issue.state]).toEqual([200, 'paused']);
      // Pausing again changes nothing, and neither does sending again.
      const again = await post('pause');
      expect([again.status, again.body.issue.state]).toEqual([200, 'paused']);
      const resend = await post('send');
      expect([resend.body.started, resend.body.issue.state]).toEqual([false, 'paused']);
      expect(resend.body.message).toMatch(/^This issue is paused; resume it/);

      // Mails already handed to the server may still arrive; then nothing more.
      const claimed = async () =>
        Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM newsletter_deliveries WHERE issue_id = $1 AND status = 'claimed'`,
              [id],
            )
          )[0].n,
        );
      for (let i = 0; i < 100 && (await claimed()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await claimed()).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      const before = received();
      const issue = await progress(id);
      expect(issue.state).toBe('paused');
      expect(issue.progress).toEqual({
        recipients: 80,
        sent: before,
        failed: 0,
        skipped: 0,
        remaining: 80 - before,
      });
      expect(before).toBeLessThan(80);
      await new Promise((r) => setTimeout(r, 1500));
      expect(received()).toBe(before);
      expect((await progress(id)).progress.remaining).toBe(80 - before);

      // Resume, then pause and resume again at once, while the mail jobs of each round are
      // still on the queue: every remaining subscriber still gets exactly one copy.
      const resumed = await post('resume');
      expect([resumed.status, resumed.body.issue.state]).toEqual([200, 'sending']);
      expect((await post('resume')).status).toBe(200); // already sending: nothing changes
      expect((await post('pause')).status).toBe(200);
      expect((await post('resume')).status).toBe(200);

      const done = await waitSettled(id);
      expect(done.progress).toEqual({ recipients: 80, sent: 80, failed: 0, skipped: 0, remaining: 0 });
      await new Promise((r) => setTimeout(r, 500));
      const copies = copiesBySubject(subject);
      expect([...copies.keys()].sort()).toEqual([...emails].sort());
      expect([...copies.values()].every((n) => n === 1)).toBe(true);
    } finally {
      sink.acceptDelayMs = 0;
    }

    // A sent issue can be neither paused nor resumed.
    expect((await post('pause')).body.code).toBe('NEWSLETTER_ISSUE_NOT_SENDING');
    expect((await post('resume')).body.code).toBe('NEWSLETTER_ISSUE_NOT_PAUSED');
    // Audited once per change, not per click.
    expect([await countOf('newsletter.pause'), await countOf('newsletter.resume')]).toEqual([2, 2]);
  }, 120_000);

  it('sends nothing from the mail jobs queued before a pause once the rows are queued again at the resume', async () => {
    await db.query(`UPDATE newsletter_subscribers SET unsubscribed_at = now() WHERE unsubscribed_at IS NULL`);
    const emails = Array.from({ length: 6 }, (_, i) => `stale${i}@example.com`);
    await addSubscribers(emails);
    const subject = 'Stale jobs issue';
    const id = await createIssue(subject);
    const mailQueue = t.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    const rows = async () =>
      (await db.query(`SELECT status, round FROM newsletter_deliveries WHERE issue_id = $1`, [id])) as {
        status: string;
        round: number;
      }[];

    // The worker takes no mail job: the first round's jobs wait on the queue.
    await mailQueue.pause(true);
    sink.acceptDelayMs = 300;
    try {
      expect((await t.http().post(`${ISSUES}/${id}/send`).set(as())).status).toBe(200);
      for (let i = 0; i < 100 && (await rows()).some((r) => r.status !== 'queued'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await rows()).every((r) => r.status === 'queued' && r.round === 0)).toBe(true);
      expect((await t.http().post(`${ISSUES}/${id}/pause`).set(as())).status).toBe(200);
      expect((await t.http().post(`${ISSUES}/${id}/resume`).set(as())).status).toBe(200);
      // The second round's jobs are queued behind the first round's, which are still there.
      for (let i = 0; i < 100 && (await rows()).some((r) => r.status !== 'queued' || r.round !== 1); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await rows()).every((r) => r.status === 'queued' && r.round === 1)).toBe(true);
      const waiting = (await mailQueue.getWaiting()).map((j) => String(j.id));
      expect(waiting.filter((j) => j.startsWith(`newsletter-issue-${id}-`))).toHaveLength(12);

      // Both rounds run at once (the worker takes 16 jobs at a time): one copy each.
      await mailQueue.resume(true);
      const done = await waitSettled(id);
      expect(done.progress).toEqual({ recipients: 6, sent: 6, failed: 0, skipped: 0, remaining: 0 });
      await new Promise((r) => setTimeout(r, 1000));
      const copies = copiesBySubject(subject);
      expect([...copies.keys()].sort()).toEqual([...emails].sort());
      expect([...copies.values()].every((n) => n === 1)).toBe(true);
    } finally {
      sink.acceptDelayMs = 0;
      await mailQueue.resume(true);
    }
  }, 60_000);
});
