/**
 * What needs doing (GET /api/admin/dashboard/actions) over HTTP: each kind of waiting work is
 * produced the way it happens (a client's files, a submitted round, an approval, a contact
 * message, a mail the SMTP server refuses), listed oldest first, complete, filtered by kind, and
 * gone once staff have done the work.
 */
import { DASHBOARD_ACTION_KINDS } from '@studio/shared';
import { DataSource } from 'typeorm';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';

jest.setTimeout(90_000);

interface Action {
  kind: string;
  since: string;
  label: string;
  projectId?: string;
  messageId?: number;
  jobId?: string;
  amountPence?: number;
}

describe('What needs doing (GET /api/admin/dashboard/actions)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let db: DataSource;
  let tokens: StaffTokens;
  let auth: { authorization: string };
  let filesProject: string;
  let roundProject: string;
  let approvedProject: string;

  const actions = async (query = '') => {
    const res = await t.http().get(`/api/admin/dashboard/actions${query}`).set(auth);
    expect(res.status).toBe(200);
    return res.body as { actions: Action[]; total: number; counts: Record<string, number> };
  };

  /** Posts a version as staff and waits for its preview job to put the project in review. */
  async function readyVersion(projectId: string): Promise<string> {
    const res = await t
      .http()
      .post(`/api/admin/projects/${projectId}/versions?kind=mix&name=Song.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 3, rate: 48000, bits: 24 }));
    expect(res.status).toBe(201);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { project } = (await t.http().get(`/api/admin/projects/${projectId}`).set(auth)).body;
      if (project.status === 'in_review') return res.body.version.id as string;
      if (Date.now() > deadline) throw new Error(`the version never became ready (${project.status})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function toWork(projectId: string) {
    const moved = await t
      .http()
      .post(`/api/admin/projects/${projectId}/status`)
      .set(auth)
      .send({ status: 'files_received' });
    expect(moved.status).toBe(200);
    return t.http().post(`/api/admin/projects/${projectId}/accept-files`).set(auth);
  }

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({ ADMIN_NOTIFY_EMAIL: 'studio@example.com' }));
    db = t.app.get(DataSource);
    tokens = await staffTokens(t, 'actions');
    auth = { authorization: `Bearer ${tokens.admin}` };

    // A client whose files arrived.
    filesProject = await paidProject(t, fake, 'fiona@example.com', 'Mix');
    expect(
      (
        await t
          .http()
          .post(`/api/admin/projects/${filesProject}/status`)
          .set(auth)
          .send({ status: 'files_received' })
      ).status,
    ).toBe(200);

    // A client who submitted a revision round (Master includes one).
    roundProject = await paidProject(t, fake, 'rory@example.com', 'Master');
    expect((await toWork(roundProject)).status).toBe(200);
    const v1 = await readyVersion(roundProject);
    const rory = await portalCookie(t, await signInToken(sink, 'rory@example.com'));
    const note = await t
      .http()
      .post(`/api/portal/projects/${roundProject}/comments`)
      .set('cookie', rory)
      .send({ versionId: v1, atSec: 1, body: 'More vocal please' });
    expect(note.status).toBe(201);
    const submitted = await t
      .http()
      .post(`/api/portal/projects/${roundProject}/rounds/submit`)
      .set('cookie', rory)
      .send({});
    expect(submitted.status).toBe(200);

    // A client who approved and has not paid the balance.
    approvedProject = await paidProject(t, fake, 'abby@example.com', 'Master');
    expect((await toWork(approvedProject)).status).toBe(200);
    const v2 = await readyVersion(approvedProject);
    const abby = await portalCookie(t, await signInToken(sink, 'abby@example.com'));
    const approved = await t
      .http()
      .post(`/api/portal/projects/${approvedProject}/approve`)
      .set('cookie', abby)
      .send({ versionId: v2 });
    expect(approved.status).toBe(200);

    // A message nobody opened, whose thank-you mail the server refuses for good.
    sink.rejectRecipients.add('bounce@example.com');
    const contact = await t.http().post('/api/contact').send({
      name: 'Bea Bounce',
      email: 'bounce@example.com',
      service: 'mix',
      message: 'Could you mix my EP next month?',
    });
    expect(contact.status).toBeLessThan(300);
    const deadline = Date.now() + 20_000;
    while ((await actions('?kind=failed_mail')).total === 0) {
      if (Date.now() > deadline) throw new Error('the refused mail was never recorded as failed');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/dashboard/actions');
  });

  it('lists every kind of waiting work, oldest first, each pointing at its record', async () => {
    const body = await actions();
    expect(body.total).toBe(body.actions.length);
    const sinces = body.actions.map((a) => a.since);
    expect(sinces).toEqual([...sinces].sort());
    expect(new Set(body.actions.map((a) => a.kind))).toEqual(new Set(DASHBOARD_ACTION_KINDS));

    const byKind = (kind: string) => body.actions.filter((a) => a.kind === kind);
    expect(byKind('files_arrived')).toEqual([
      expect.objectContaining({
        projectId: filesProject,
        label: expect.stringContaining('fiona@example.com'),
      }),
    ]);
    expect(byKind('round_submitted')).toEqual([expect.objectContaining({ projectId: roundProject })]);
    // Master £40, deposit £20: £20 balance.
    expect(byKind('balance_unpaid')).toEqual([
      expect.objectContaining({
        projectId: approvedProject,
        amountPence: 2000,
        label: expect.stringContaining('£20'),
      }),
    ]);
    const [message] = byKind('unread_message');
    expect(message).toMatchObject({ label: expect.stringContaining('Bea Bounce') });
    const [{ id: contactId }] = await db.query(`SELECT id FROM contacts WHERE email = 'bounce@example.com'`);
    expect(message.messageId).toBe(contactId);
    expect(byKind('failed_mail')).toEqual([
      expect.objectContaining({
        jobId: expect.any(String),
        label: expect.stringContaining('bounce@example.com'),
      }),
    ]);
    expect(body.counts).toEqual({
      files_arrived: 1,
      round_submitted: 1,
      balance_unpaid: 1,
      unread_message: 1,
      failed_mail: 1,
    });
  });

  it('filters by kind, and refuses a kind it does not know with a 400 in the one error shape', async () => {
    const only = await actions('?kind=balance_unpaid');
    expect(only.actions.map((a) => a.kind)).toEqual(['balance_unpaid']);
    expect(only.counts.files_arrived).toBe(1);
    const bad = await t.http().get('/api/admin/dashboard/actions?kind=everything').set(auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(bad.body.message).toMatch(/kind must be one of/);
  });

  it('is complete, not a top N: every unread message is listed', async () => {
    await db.query(
      `INSERT INTO contacts (name, email, message, service, created_at)
       SELECT 'Queued ' || n, 'queued' || n || '@example.com', 'Please master my album soon.', 'master',
              now() - make_interval(days => n)
         FROM generate_series(1, 120) AS n`,
    );
    const body = await actions('?kind=unread_message');
    expect(body.total).toBe(121);
    expect(body.actions[0].label).toContain('Queued 120');
    await db.query(`DELETE FROM contacts WHERE email LIKE 'queued%@example.com'`);
  });

  it('drops an item once staff have done the work', async () => {
    expect((await t.http().post(`/api/admin/projects/${filesProject}/accept-files`).set(auth)).status).toBe(
      200,
    );
    const [{ id: contactId }] = await db.query(`SELECT id FROM contacts WHERE email = 'bounce@example.com'`);
    expect((await t.http().get(`/api/admin/messages/${contactId}`).set(auth)).status).toBe(200);
    const body = await actions();
    expect(body.actions.map((a) => a.kind).sort()).toEqual([
      'balance_unpaid',
      'failed_mail',
      'round_submitted',
    ]);
    expect(body.counts).toMatchObject({ files_arrived: 0, unread_message: 0 });
  });
});
