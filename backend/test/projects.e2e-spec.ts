import { DataSource } from 'typeorm';
import { ACCOUNT_MESSAGES } from '@studio/shared';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, payDeposit, portalCookie, sendWebhook, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { resetRateLimits } from './blog-fixtures';
import { adminToken, registerAndLogin, TestApp } from './support/test-app';

describe('Client projects and the portal sign-in (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let db: DataSource;
  let admin: string;

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({
      ADMIN_NOTIFY_EMAIL: 'studio@example.com',
      PUBLIC_URL: 'https://studio.example.com',
    }));
    db = t.app.get(DataSource);
    admin = await adminToken(t);
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('opens one project per paid deposit, however often the webhook arrives, and mails a sign-in link', async () => {
    const { paymentId, intent } = await payDeposit(t, fake, 'Ada@Example.com', 'Mix & Master');
    const first = await sendWebhook(t, 'payment_intent.succeeded', intent, 'evt_project_once');
    expect(first.status).toBe(200);
    // The same event again and a second event for the same payment change nothing.
    expect(
      (await sendWebhook(t, 'payment_intent.succeeded', intent, 'evt_project_once')).body.duplicate,
    ).toBe(true);
    expect((await sendWebhook(t, 'payment_intent.succeeded', intent)).status).toBe(200);

    const projects = await db.query(`SELECT * FROM projects WHERE payment_id = $1`, [paymentId]);
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({
      customer_email: 'ada@example.com',
      service_name: 'Mix & Master',
      quoted_pence: 8000,
      deposit_pence: 4000,
      revision_rounds: 3,
      status: 'awaiting_files',
    });
    const events = await db.query(`SELECT type, actor FROM project_events WHERE project_id = $1`, [
      projects[0].id,
    ]);
    expect(events).toEqual([{ type: 'created', actor: 'system' }]);

    const mails = await sink.waitForMailsTo('ada@example.com', 2);
    const created = mails.find((m) => m.parsed.subject?.startsWith('Your Mix & Master project is open'));
    // The link signs in and lands on the project itself; its page is named for later visits.
    const id = projects[0].id as string;
    expect(created?.parsed.text).toContain(
      `https://studio.example.com/portal/sign-in?next=/portal/projects/${id}#token=`,
    );
    expect(created?.parsed.text).toMatch(/#token=[\w-]{40,}/);
    expect(created?.parsed.text).toContain(
      `Your project stays at https://studio.example.com/portal/projects/${id}`,
    );
    // Only the hash of the token is stored.
    const token = /#token=([\w-]+)/.exec(created!.parsed.text!)![1];
    const stored = await db.query(`SELECT token_hash FROM portal_tokens WHERE kind = 'link'`);
    expect(stored.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);
  });

  it('keeps the timeline append-only in the database itself', async () => {
    const [{ id }] = await db.query(`SELECT id FROM project_events LIMIT 1`);
    await expect(db.query(`UPDATE project_events SET message = 'x' WHERE id = $1`, [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`DELETE FROM project_events WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
  });

  it('opens no project for a custom payment', async () => {
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({ amount: 12, email: 'custom@example.com', metadata: { service_name: 'Custom Payment' } });
    expect(res.status).toBe(200);
    const intent = fake.paymentIntents.get(res.body.clientSecret.split('_secret_')[0]) as { amount: number };
    await sendWebhook(t, 'payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    });
    expect(await db.query(`SELECT id FROM projects WHERE payment_id = $1`, [res.body.paymentId])).toEqual([]);
  });

  it('signs a client in once per link, by POST, and shows only their own projects', async () => {
    const mine = await paidProject(t, fake, 'bea@example.com');
    const theirs = await paidProject(t, fake, 'cy@example.com', 'Master');
    const token = await signInToken(sink, 'bea@example.com');

    const cookie = await portalCookie(t, token);
    // The link is single use.
    const again = await t.http().post('/api/portal/session').send({ token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 'LINK_INVALID' });
    expect(again.body.message).toMatch(/expired or was already used/);

    const list = await t.http().get('/api/portal/projects').set('cookie', cookie);
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { id: string }) => p.id)).toEqual([mine]);

    const detail = await t.http().get(`/api/portal/projects/${mine}`).set('cookie', cookie);
    expect(detail.status).toBe(200);
    expect(detail.body.project).toMatchObject({ id: mine, status: 'awaiting_files', revisionRounds: 2 });
    expect(detail.body.project.nextStep).toMatch(/Upload your stems/);

    // Someone else's project, a malformed id and an unknown id all read the same 404.
    for (const id of [theirs, 'not-a-uuid', '00000000-0000-4000-8000-000000000000', '../admin']) {
      const res = await t
        .http()
        .get(`/api/portal/projects/${encodeURIComponent(id)}`)
        .set('cookie', cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Project not found.', code: 'PROJECT_NOT_FOUND' });
    }
  });

  it('answers a link request the same for known and unknown addresses and mails only the known', async () => {
    await paidProject(t, fake, 'dee@example.com');
    await sink.waitForMailsTo('dee@example.com', 2);
    sink.clear();
    const known = await t.http().post('/api/portal/link').send({ email: ' DEE@example.com ' });
    const unknown = await t.http().post('/api/portal/link').send({ email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const link = await sink.waitForMailsTo('dee@example.com');
    expect(link[0].parsed.subject).toBe('Your sign-in link to the client portal');
    expect(sink.to('nobody@example.com')).toHaveLength(0);

    const bad = await t.http().post('/api/portal/link').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('keeps only the newest link alive, and refuses a sign-in posted from another site', async () => {
    await paidProject(t, fake, 'gil@example.com');
    const older = await signInToken(sink, 'gil@example.com');
    await t.http().post('/api/portal/link').send({ email: 'gil@example.com' }).expect(200);
    const newer = await signInToken(sink, 'gil@example.com', 2);
    expect(newer).not.toBe(older);
    const stale = await t.http().post('/api/portal/session').send({ token: older });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('LINK_INVALID');

    // Login CSRF: another site's form posting our link (its own, say) into the visitor's browser.
    const forged = [
      { origin: 'https://evil.example' },
      { origin: 'https://studio.example.com.evil.example' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of forged) {
      const res = await t.http().post('/api/portal/session').set(headers).send({ token: newer });
      expect([headers, res.status, res.body]).toEqual([
        headers,
        403,
        { success: false, message: ACCOUNT_MESSAGES.crossSite, code: 'CROSS_SITE_REQUEST' },
      ]);
    }
    // The refused requests did not use the link up: the portal page itself signs in with it.
    const own = await t
      .http()
      .post('/api/portal/session')
      .set({ origin: 'https://studio.example.com', 'sec-fetch-site': 'same-origin' })
      .send({ token: newer });
    expect(own.status).toBe(200);
    const cookie = String(own.headers['set-cookie']).split(';')[0];
    // Writes the portal cookie authenticates are held to the same rule.
    const logout = await t
      .http()
      .post('/api/portal/logout')
      .set('cookie', cookie)
      .set('origin', 'https://evil.example');
    expect(logout.status).toBe(403);
    expect((await t.http().get('/api/portal/me').set('cookie', cookie)).status).toBe(200);
  });

  it('mails a link back to the project the client was looking at, and only to a portal page', async () => {
    const id = await paidProject(t, fake, 'hal@example.com');
    await sink.waitForMailsTo('hal@example.com', 2);
    sink.clear();
    await resetRateLimits(t);
    const asked = await t
      .http()
      .post('/api/portal/link')
      .send({ email: 'hal@example.com', next: `/portal/projects/${id}` });
    expect(asked.status).toBe(200);
    const [mail] = await sink.waitForMailsTo('hal@example.com');
    expect(mail.parsed.text).toContain(
      `https://studio.example.com/portal/sign-in?next=/portal/projects/${id}#token=`,
    );

    // Four tries fit in the link's rate limit (five per ten minutes) with the one above.
    for (const next of ['https://evil.example/portal', '/admin', '/portal/projects/x', 7]) {
      const res = await t.http().post('/api/portal/link').send({ email: 'hal@example.com', next });
      expect([next, res.status, res.body.code]).toEqual([next, 400, 'VALIDATION_FAILED']);
      expect(res.body.errors).toEqual([
        { field: 'next', message: 'A sign-in link can only return to the portal or one of its projects.' },
      ]);
    }
  });

  it('refuses expired links, missing sessions and staff tokens on the portal', async () => {
    await paidProject(t, fake, 'eve@example.com');
    const token = await signInToken(sink, 'eve@example.com');
    await db.query(`UPDATE portal_tokens SET expires_at = now() - interval '1 minute' WHERE kind = 'link'`);
    expect((await t.http().post('/api/portal/session').send({ token })).body.code).toBe('LINK_INVALID');

    const anonymous = await t.http().get('/api/portal/projects');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('PORTAL_SIGN_IN_REQUIRED');
    const staff = await t.http().get('/api/portal/projects').set('authorization', `Bearer ${admin}`);
    expect(staff.status).toBe(401);
    const forged = await t
      .http()
      .get('/api/portal/projects')
      .set('cookie', 'portal_session=forged-session-value');
    expect(forged.status).toBe(401);
  });

  it('lets admins list, filter and move projects only as the transition rule allows', async () => {
    const id = await paidProject(t, fake, 'fay@example.com', 'Master');
    const auth = { authorization: `Bearer ${admin}` };

    const author = await registerAndLogin(t, 'project-author');
    expect((await t.http().get('/api/admin/projects').set('authorization', `Bearer ${author}`)).status).toBe(
      403,
    );
    expect((await t.http().get('/api/admin/projects')).status).toBe(401);

    const waiting = await t.http().get('/api/admin/projects?status=awaiting_files&search=fay').set(auth);
    expect(waiting.status).toBe(200);
    expect(waiting.body.projects.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await t.http().get('/api/admin/projects?status=bogus').set(auth)).status).toBe(400);

    const skip = await t
      .http()
      .post(`/api/admin/projects/${id}/status`)
      .set(auth)
      .send({ status: 'in_progress' });
    expect(skip.status).toBe(400);
    expect(skip.body).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(skip.body.message).toBe('A project cannot go from Awaiting files to In progress.');

    const hold = await t
      .http()
      .post(`/api/admin/projects/${id}/status`)
      .set(auth)
      .send({ status: 'on_hold' });
    expect(hold.status).toBe(200);
    expect(hold.body.project.status).toBe('on_hold');

    const note = await t
      .http()
      .post(`/api/admin/projects/${id}/notes`)
      .set(auth)
      .send({ note: 'Client is travelling' });
    expect(note.body.project.events.at(-1)).toMatchObject({
      type: 'note',
      internal: true,
      actorName: 'Studio Admin',
    });

    sink.clear();
    const ask = await t
      .http()
      .post(`/api/admin/projects/${id}/request-files`)
      .set(auth)
      .send({ note: 'Please send the lead vocal dry.' });
    expect(ask.status).toBe(200);
    expect(ask.body.project.status).toBe('awaiting_files');
    const [attention] = await sink.waitForMailsTo('fay@example.com');
    expect(attention.parsed.subject).toMatch(/files need attention/);
    expect(attention.parsed.text).toContain('Please send the lead vocal dry.');

    // The client sees the request but never the internal note.
    const cookie = await portalCookie(t, await signInToken(sink, 'fay@example.com'));
    const seen = await t.http().get(`/api/portal/projects/${id}`).set('cookie', cookie);
    const messages = seen.body.project.events.map((e: { message: string }) => e.message);
    expect(messages).toContain('More files needed: Please send the lead vocal dry.');
    expect(messages).not.toContain('Client is travelling');
    expect((await t.http().get(`/api/admin/projects/nope`).set(auth)).status).toBe(404);
  });
});
