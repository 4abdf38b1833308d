/**
 * Staff answer the client's notes (issue 22, item 2): a reply sits under its note at the note's
 * moment, the client reads it in the portal, and is mailed once per batch of replies (a window
 * of REPLY_MAIL_WINDOW_MS), not once per reply. Staff tick notes off too.
 */
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, StaffTokens, staffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';

jest.setTimeout(60_000);

const WINDOW_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Comment = { id: number; parentId: number | null; author: string; body: string; resolved: boolean };

describe('Staff replies to the client’s notes (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let tokens: StaffTokens;
  let id: string;
  let other: string;
  let cookie: string;
  let versionId: string;
  let note: number;
  let secondNote: number;

  const auth = () => ({ authorization: `Bearer ${tokens.admin}` });
  const reply = (commentId: number | string, body: unknown, project = id) =>
    t.http().post(`/api/admin/projects/${project}/comments/${commentId}/replies`).set(auth()).send({ body });
  const portalComments = async (): Promise<Comment[]> =>
    (await t.http().get(`/api/portal/projects/${id}/review`).set('cookie', cookie)).body.review.comments;
  const replyMails = () =>
    sink.to('nina@example.com').filter((m) => /replied to your notes/.test(m.parsed.subject ?? ''));

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({
      ADMIN_NOTIFY_EMAIL: 'studio@example.com',
      PUBLIC_URL: 'https://studio.example.com',
      REPLY_MAIL_WINDOW_MS: String(WINDOW_MS),
    }));
    tokens = await staffTokens(t, 'replies');
    id = await paidProject(t, fake, 'nina@example.com', 'Mix');
    other = await paidProject(t, fake, 'omar@example.com', 'Mix');
    cookie = await portalCookie(t, await signInToken(sink, 'nina@example.com'));
    await t.http().post(`/api/admin/projects/${id}/status`).set(auth()).send({ status: 'files_received' });
    await t.http().post(`/api/admin/projects/${id}/accept-files`).set(auth());
    const posted = await t
      .http()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=Song%20v1.wav`)
      .set(auth())
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 4, rate: 48000, bits: 24 }));
    expect(posted.status).toBe(201);
    versionId = posted.body.version.id;
    for (let i = 0; ; i++) {
      const r = await t.http().get(`/api/portal/projects/${id}/review`).set('cookie', cookie);
      if (r.body.review?.versions?.[0]?.status === 'ready') break;
      if (i > 150) throw new Error('the preview was never ready');
      await sleep(200);
    }
    const post = (atSec: number, body: string) =>
      t
        .http()
        .post(`/api/portal/projects/${id}/comments`)
        .set('cookie', cookie)
        .send({ versionId, atSec, body });
    note = (await post(1.25, 'Vocal too quiet here')).body.comment.id;
    secondNote = (await post(3, 'Less reverb on the snare')).body.comment.id;
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('is for admins only: anonymous 401, editors and authors 403', async () => {
    await expectAdminOnly(t, tokens, 'post', `/api/admin/projects/${id}/comments/${note}/replies`, {
      body: 'Sure',
    });
  });

  it('refuses an empty or overlong reply, and a note that is not on the project', async () => {
    for (const body of ['', '   ', 42, 'x'.repeat(5001)]) {
      const res = await reply(note, body);
      expect([JSON.stringify(body).slice(0, 10), res.status, res.body.success]).toEqual([
        JSON.stringify(body).slice(0, 10),
        400,
        false,
      ]);
    }
    for (const [project, cid] of [
      [id, 999999],
      [id, 'abc'],
      [other, note],
      ['00000000-0000-4000-8000-000000000000', note],
    ] as const) {
      const res = await reply(cid, 'Hello', project);
      expect([project, cid, res.status, res.body.success]).toEqual([project, cid, 404, false]);
    }
    expect(replyMails()).toHaveLength(0);
  });

  it('puts the reply under its note at the note’s moment, where the client reads it', async () => {
    // Start just after a window opens, so the replies below fall in one window.
    await sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 50);
    const first = await reply(note, '  Will ride the vocal up 2 dB.  ');
    expect(first.status).toBe(201);
    expect(first.body.comment).toMatchObject({
      parentId: note,
      versionId,
      atSec: 1.25,
      author: 'staff',
      authorName: 'Studio Admin',
      body: 'Will ride the vocal up 2 dB.',
    });
    // A reply to a reply still hangs off the note (one level deep).
    expect((await reply(first.body.comment.id, 'Done in v2.')).body.comment.parentId).toBe(note);
    expect((await reply(secondNote, 'Shortened the tail.')).status).toBe(201);
    const comments = await portalComments();
    expect(comments.filter((c) => c.parentId === note).map((c) => c.body)).toEqual([
      'Will ride the vocal up 2 dB.',
      'Done in v2.',
    ]);
    expect(comments.filter((c) => c.parentId === secondNote).map((c) => c.author)).toEqual(['staff']);
  });

  it('mails the client once for the batch of replies, when the window closes', async () => {
    // Nothing leaves at once: the mail waits for the window to close.
    expect(replyMails()).toHaveLength(0);
    await sink.waitFor(() => replyMails().length > 0, 15_000, 'the replies mail');
    await sleep(WINDOW_MS + 500);
    const mails = replyMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toBe('The studio replied to your notes on your Mix');
    expect(mails[0].parsed.text).toContain(`https://studio.example.com/portal/projects/${id}`);
    // A reply in a later window is a new batch: one more mail.
    expect((await reply(note, 'v2 is up.')).status).toBe(201);
    await sink.waitFor(() => replyMails().length === 2, 15_000, 'the second replies mail');
  });

  it('gives staff the same waveform peaks as the client, admins only', async () => {
    const path = `/api/admin/projects/${id}/versions/${versionId}/peaks`;
    await expectAdminOnly(t, tokens, 'get', path);
    const staff = await t.http().get(path).set(auth());
    const client = await t
      .http()
      .get(`/api/portal/projects/${id}/versions/${versionId}/peaks`)
      .set('cookie', cookie);
    expect(staff.status).toBe(200);
    expect(staff.body.peaks.length).toBeGreaterThan(10);
    expect(staff.body).toEqual(client.body);
    const foreign = await t
      .http()
      .get(`/api/admin/projects/${other}/versions/${versionId}/peaks`)
      .set(auth());
    expect([foreign.status, foreign.body.success]).toEqual([404, false]);
  });

  it('lets staff tick a note off and on again', async () => {
    const on = await t.http().post(`/api/admin/projects/${id}/comments/${note}/resolve`).set(auth()).send({});
    expect([on.status, on.body.comment.resolved]).toEqual([200, true]);
    expect((await portalComments()).find((c) => c.id === note)?.resolved).toBe(true);
    const off = await t
      .http()
      .post(`/api/admin/projects/${id}/comments/${note}/resolve`)
      .set(auth())
      .send({ resolved: false });
    expect(off.body.comment.resolved).toBe(false);
  });
});
