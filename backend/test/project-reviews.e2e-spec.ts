/**
 * Projects part 2 over HTTP: versions and their preview job, signed previews with Range, notes
 * and rounds, approval and the balance, the webhook, and the downloads it unlocks. One project
 * walks the whole loop; each step checks its locks and its bad input.
 */
import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { REVIEW, REVIEW_MESSAGES } from '@studio/shared';
import { REMINDER_QUEUE } from '../src/reviews/reviews.constants';
import { ReviewUrls } from '../src/reviews/review-urls';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { pdfText } from './support/pdf-text';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, sendWebhook, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';

const REASON = 'The client cancelled the session.';

jest.setTimeout(60_000);

describe('Project reviews, rounds, balance and delivery (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  const db = () => t.app.get(DataSource);
  let auth: { authorization: string };
  let id: string;
  let other: string;
  let cookie: string;
  let otherCookie: string;
  const versions: string[] = [];
  let payToken: string;

  const admin = () => t.http();
  const review = async () =>
    (await t.http().get(`/api/portal/projects/${id}/review`).set('cookie', cookie)).body.review;

  async function postVersion(
    seconds: number,
    kind = 'mix',
    name = `Song v${versions.length + 1}.wav`,
    projectId = id,
  ) {
    const res = await admin()
      .post(`/api/admin/projects/${projectId}/versions?kind=${kind}&name=${encodeURIComponent(name)}`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds, rate: 48000, bits: 24 }));
    expect(res.status).toBe(201);
    versions.push(res.body.version.id);
    // The preview job runs in this process (role "all"); wait until the version is ready and,
    // as the job does that a moment later, the project has moved on to review.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = await admin().get(`/api/admin/projects/${projectId}/review`).set(auth);
      const v = r.body.review.versions.find((x: { id: string }) => x.id === res.body.version.id);
      if (v?.status === 'ready') {
        const { project } = (await admin().get(`/api/admin/projects/${projectId}`).set(auth)).body;
        if (!['in_progress', 'revision_requested'].includes(project.status)) return v;
      }
      if (v?.status === 'failed' || Date.now() > deadline) throw new Error(`preview: ${JSON.stringify(v)}`);
      await new Promise((r2) => setTimeout(r2, 200));
    }
  }

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({
      ADMIN_NOTIFY_EMAIL: 'studio@example.com',
      PUBLIC_URL: 'https://studio.example.com',
    }));
    auth = { authorization: `Bearer ${await adminToken(t)}` };
    // Master: one revision round included.
    id = await paidProject(t, fake, 'rita@example.com', 'Master');
    other = await paidProject(t, fake, 'olly@example.com', 'Mix');
    cookie = await portalCookie(t, await signInToken(sink, 'rita@example.com'));
    otherCookie = await portalCookie(t, await signInToken(sink, 'olly@example.com'));
    await admin().post(`/api/admin/projects/${id}/status`).set(auth).send({ status: 'files_received' });
    expect((await admin().post(`/api/admin/projects/${id}/accept-files`).set(auth)).body.project.status).toBe(
      'in_progress',
    );
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('sets the preview protection, refusing what it does not know', async () => {
    const bad = await admin()
      .post(`/api/admin/projects/${id}/protection`)
      .set(auth)
      .send({ protection: 'drm' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const tooOften = await admin()
      .post(`/api/admin/projects/${id}/protection`)
      .set(auth)
      .send({ protection: 'tag', tagEverySec: 1 });
    expect(tooOften.status).toBe(400);
    const ok = await admin()
      .post(`/api/admin/projects/${id}/protection`)
      .set(auth)
      .send({ protection: 'tag', tagEverySec: 5 });
    expect(ok.status).toBe(200);
    const entries = await db().query(`SELECT target_id FROM audit_log WHERE action = 'project.protection'`);
    expect(entries).toEqual([{ target_id: id }]);
  });

  it('takes a version from staff only, refuses non-audio, and its job makes the preview, peaks and loudness', async () => {
    const asClient = await t
      .http()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=x.wav`)
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 1 }));
    expect(asClient.status).toBe(401);
    const text = await admin()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=notes.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('this is not audio'));
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
    const badKind = await admin()
      .post(`/api/admin/projects/${id}/versions?kind=stem&name=x.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 1 }));
    expect(badKind.status).toBe(400);
    const json = await admin()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=x.wav`)
      .set(auth)
      .send({});
    expect(json.status).toBe(400);

    sink.clear();
    const v = await postVersion(6);
    expect(v).toMatchObject({ number: 1, kind: 'mix', protection: 'tag' });
    expect(v.durationSec).toBeCloseTo(6, 1);
    expect(v.loudnessLufs).toBeLessThan(-5);
    const r = await review();
    expect(r.versions.map((x: { id: string }) => x.id)).toEqual([versions[0]]);
    const detail = await t.http().get(`/api/portal/projects/${id}`).set('cookie', cookie);
    expect(detail.body.project.status).toBe('in_review');
    const peaks = await t
      .http()
      .get(`/api/portal/projects/${id}/versions/${versions[0]}/peaks`)
      .set('cookie', cookie);
    expect(peaks.status).toBe(200);
    expect(peaks.body.peaks).toHaveLength(60);
    expect(JSON.stringify(peaks.body).length).toBeLessThan(50_000);
    const [mail] = await sink.waitForMailsTo('rita@example.com');
    expect(mail.parsed.subject).toMatch(/Version 1 of your Master is ready to review/);
    // Another client never reaches it.
    const foreign = await t
      .http()
      .get(`/api/portal/projects/${id}/versions/${versions[0]}/peaks`)
      .set('cookie', otherCookie);
    expect(foreign.status).toBe(404);
  });

  it('streams the preview with Range from a short-lived URL bound to the session', async () => {
    const res = await t
      .http()
      .get(`/api/portal/projects/${id}/versions/${versions[0]}/preview-url`)
      .set('cookie', cookie);
    expect(res.status).toBe(200);
    const url: string = res.body.url;
    expect(url).toMatch(/^\/api\/media\/previews\/[\w-]+\?exp=\d+&for=client&sig=/);

    const whole = await t.http().get(url).set('cookie', cookie).buffer(true).parse(binary);
    expect(whole.status).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = (whole.body as Buffer).length;
    expect(size).toBeGreaterThan(10_000);

    const part = await t
      .http()
      .get(url)
      .set('cookie', cookie)
      .set('range', 'bytes=100-199')
      .buffer(true)
      .parse(binary);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.body).toEqual((whole.body as Buffer).subarray(100, 200));
    const tail = await t
      .http()
      .get(url)
      .set('cookie', cookie)
      .set('range', 'bytes=-10')
      .buffer(true)
      .parse(binary);
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual((whole.body as Buffer).subarray(size - 10));
    const beyond = await t
      .http()
      .get(url)
      .set('cookie', cookie)
      .set('range', `bytes=${size + 5}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.body.code).toBe('RANGE_NOT_SATISFIABLE');

    // Another session, no session, an altered signature, an expired URL: 403.
    for (const c of [otherCookie, '']) {
      const r = await t.http().get(url).set('cookie', c);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ success: false, code: 'URL_INVALID' });
    }
    expect((await t.http().get(url.replace(/sig=./, 'sig=A')).set('cookie', cookie)).status).toBe(403);
    const session = decodeURIComponent(cookie.split('=')[1]);
    const old = t.app
      .get(ReviewUrls)
      .sign(`/api/media/previews/${versions[0]}`, { session }, Date.now() - 11 * 60_000);
    const expired = await t.http().get(old.url).set('cookie', cookie);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/expired or belongs to another session/);
    // A URL for one version does not open another's path.
    expect((await t.http().get(url.replace(versions[0], other)).set('cookie', cookie)).status).toBe(403);
  });

  it('plays a staff preview only with the pass of the admin session that asked for it', async () => {
    const asked = await admin()
      .get(`/api/admin/projects/${id}/versions/${versions[0]}/preview-url`)
      .set(auth);
    expect(asked.status).toBe(200);
    const url: string = asked.body.url;
    expect(url).toMatch(/^\/api\/media\/previews\/[\w-]+\?exp=\d+&for=staff&sig=/);
    const passCookie = ([] as string[])
      .concat(asked.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${REVIEW.staffPreviewCookie}=`))!;
    expect(passCookie).toMatch(/HttpOnly/i);
    expect(passCookie).toMatch(/SameSite=Strict/i);
    expect(passCookie).toContain(`Path=${REVIEW.staffPreviewPath}`);
    expect(passCookie).toContain(`Max-Age=${REVIEW.urlMinutes * 60}`);
    const pass = passCookie.split(';')[0];

    const played = await t.http().get(url).set('cookie', pass).buffer(true).parse(binary);
    expect(played.status).toBe(200);
    expect((played.body as Buffer).length).toBeGreaterThan(10_000);
    // The URL alone, with a client's session, or with another admin session's pass: 403.
    const otherLogin = await t
      .http()
      .post('/api/login')
      .send({ username: 'admin', password: 'admin-password-1' });
    const otherAuth = { authorization: `Bearer ${otherLogin.body.authToken}` };
    const otherAsked = await admin()
      .get(`/api/admin/projects/${id}/versions/${versions[0]}/preview-url`)
      .set(otherAuth);
    const otherPass = ([] as string[])
      .concat(otherAsked.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${REVIEW.staffPreviewCookie}=`))!
      .split(';')[0];
    for (const c of ['', cookie, otherPass, `${REVIEW.staffPreviewCookie}=forged`]) {
      const res = await t.http().get(url).set('cookie', c);
      expect([c, res.status, res.body.code]).toEqual([c, 403, 'URL_INVALID']);
    }
    // A pass plays its own session's URLs only while that session lasts.
    expect((await t.http().get(otherAsked.body.url).set('cookie', otherPass)).status).toBe(200);
    await t.http().post('/api/logout').set(otherAuth).expect(200);
    const afterLogout = await t.http().get(otherAsked.body.url).set('cookie', otherPass);
    expect([afterLogout.status, afterLogout.body.code]).toEqual([403, 'URL_INVALID']);
    expect((await t.http().get(url).set('cookie', pass)).status).toBe(200);
  });

  it('takes notes at a point or over a range, with replies and resolve; refuses notes past the end', async () => {
    const post = (body: object, c = cookie) =>
      t.http().post(`/api/portal/projects/${id}/comments`).set('cookie', c).send(body);
    const beyond = await post({ versionId: versions[0], atSec: 6.5, body: 'Too late' });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ success: false, code: 'COMMENT_BEYOND_END' });
    expect(beyond.body.message).toMatch(/past the end of the track \(6\.0 s\)/);
    expect((await post({ versionId: versions[0], atSec: 2, endSec: 7, body: 'Range past end' })).status).toBe(
      400,
    );
    expect((await post({ versionId: versions[0], atSec: 3, endSec: 2, body: 'Backwards' })).status).toBe(400);
    expect((await post({ versionId: versions[0], atSec: -1, body: 'Negative' })).status).toBe(400);
    expect((await post({ versionId: versions[0], atSec: 'x', body: 'NaN' })).status).toBe(400);
    expect((await post({ versionId: versions[0], atSec: 1 })).status).toBe(400);
    expect((await post({ versionId: versions[0], atSec: 1, body: 'Not mine' }, otherCookie)).status).toBe(
      404,
    );

    const point = await post({ versionId: versions[0], atSec: 1.5, body: 'Vocal too quiet here' });
    expect(point.status).toBe(201);
    expect(point.body.comment).toMatchObject({
      atSec: 1.5,
      endSec: null,
      author: 'client',
      versionNumber: 1,
    });
    expect(point.body.comment.roundId).toEqual(expect.any(Number));
    const range = await post({ versionId: versions[0], atSec: 3, endSec: 5.5, body: 'Snare too bright' });
    expect(range.body.comment).toMatchObject({ atSec: 3, endSec: 5.5 });
    const reply = await admin()
      .post(`/api/admin/projects/${id}/comments`)
      .set(auth)
      .send({ versionId: versions[0], atSec: 1.5, body: 'Will ride it up', parentId: point.body.comment.id });
    expect(reply.status).toBe(201);
    expect(reply.body.comment).toMatchObject({
      author: 'staff',
      parentId: point.body.comment.id,
      roundId: null,
    });
    const resolved = await t
      .http()
      .post(`/api/portal/projects/${id}/comments/${range.body.comment.id}/resolve`)
      .set('cookie', cookie)
      .send({});
    expect(resolved.body.comment.resolved).toBe(true);
    expect(
      (
        await t
          .http()
          .post(`/api/portal/projects/${id}/comments/999999/resolve`)
          .set('cookie', cookie)
          .send({})
      ).status,
    ).toBe(404);
    expect(
      (await t.http().post(`/api/portal/projects/${id}/comments/abc/resolve`).set('cookie', cookie).send({}))
        .status,
    ).toBe(404);
  });

  it('lets the client change and withdraw their own notes while the round is a draft', async () => {
    const notes = (await review()).comments as {
      id: number;
      body: string;
      author: string;
      parentId: number | null;
    }[];
    const vocal = notes.find((c) => c.body === 'Vocal too quiet here')!;
    const staffReply = notes.find((c) => c.author === 'staff')!;
    const patch = (cid: number, body: unknown, c = cookie) =>
      t.http().patch(`/api/portal/projects/${id}/comments/${cid}`).set('cookie', c).send({ body });
    const remove = (cid: number | string, c = cookie) =>
      t.http().delete(`/api/portal/projects/${id}/comments/${cid}`).set('cookie', c);

    const edited = await patch(vocal.id, '  Vocal a little louder here  ');
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({
      id: vocal.id,
      body: 'Vocal a little louder here',
      atSec: 1.5,
    });
    const empty = await patch(vocal.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Please write a note.',
    });
    // Not theirs: the studio's reply, another client's session, a note that does not exist.
    expect((await patch(staffReply.id, 'Hijacked')).body).toMatchObject({ code: 'NOTE_NOT_YOURS' });
    expect((await patch(staffReply.id, 'Hijacked')).status).toBe(403);
    expect((await patch(vocal.id, 'Hijacked', otherCookie)).status).toBe(404);
    expect((await remove(vocal.id, otherCookie)).status).toBe(404);
    expect((await patch(999999, 'Nowhere')).body.code).toBe('COMMENT_NOT_FOUND');
    expect((await remove('abc')).status).toBe(404);
    // The studio answered this one: it can change, not go.
    const answered = await remove(vocal.id);
    expect(answered.status).toBe(409);
    expect(answered.body).toMatchObject({ success: false, code: 'NOTE_HAS_REPLIES' });

    const extra = await t
      .http()
      .post(`/api/portal/projects/${id}/comments`)
      .set('cookie', cookie)
      .send({ versionId: versions[0], atSec: 4, body: 'On second thoughts, nothing' });
    expect((await remove(extra.body.comment.id)).status).toBe(200);
    expect((await review()).comments.some((c: { id: number }) => c.id === extra.body.comment.id)).toBe(false);
    expect((await remove(extra.body.comment.id)).status).toBe(404);
  });

  it('submits the draft as round 1 of 1 once, however often it is sent', async () => {
    sink.clear();
    const [a, b] = await Promise.all([
      t.http().post(`/api/portal/projects/${id}/rounds/submit`).set('cookie', cookie).send({}),
      t.http().post(`/api/portal/projects/${id}/rounds/submit`).set('cookie', cookie).send({}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.alreadySubmitted, b.body.alreadySubmitted].sort()).toEqual([false, true]);
    expect(a.body.label).toBe('round 1 of 1');
    expect(a.body.round.id).toBe(b.body.round.id);
    const r = await review();
    expect(r.rounds.filter((x: { status: string }) => x.status === 'submitted')).toHaveLength(1);
    expect(r.rounds[0]).toMatchObject({ number: 1, extra: false, commentCount: 2, resolvedCount: 1 });
    expect(r.nextRound).toMatchObject({ number: 2, extra: true, feePence: 2500 });
    const [mail] = await sink.waitForMailsTo('studio@example.com');
    expect(mail.parsed.subject).toMatch(/round 1 of 1/);
    // The round is with the studio: its notes stay as they were sent.
    const sent = (await review()).comments.find(
      (c: { body: string }) => c.body === 'Vocal a little louder here',
    );
    for (const call of [
      t
        .http()
        .patch(`/api/portal/projects/${id}/comments/${sent.id}`)
        .set('cookie', cookie)
        .send({ body: 'x' }),
      t.http().delete(`/api/portal/projects/${id}/comments/${sent.id}`).set('cookie', cookie),
    ]) {
      const res = await call;
      expect([res.status, res.body.code]).toEqual([409, 'NOTE_ALREADY_SENT']);
    }
    // Approving needs a version in review.
    const early = await t
      .http()
      .post(`/api/portal/projects/${id}/approve`)
      .set('cookie', cookie)
      .send({ versionId: versions[0] });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('NOT_IN_REVIEW');
  });

  it('asks for the extra-round fee beyond the included rounds and adds it as a money line', async () => {
    await postVersion(4);
    expect((await t.http().get(`/api/portal/projects/${id}`).set('cookie', cookie)).body.project.status).toBe(
      'in_review',
    );
    // Earlier versions' notes stay readable.
    expect(
      (await review()).comments.filter((c: { versionNumber: number }) => c.versionNumber === 1),
    ).toHaveLength(3);
    const empty = await t
      .http()
      .post(`/api/portal/projects/${id}/rounds/submit`)
      .set('cookie', cookie)
      .send({});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('ROUND_EMPTY');
    await t
      .http()
      .post(`/api/portal/projects/${id}/comments`)
      .set('cookie', cookie)
      .send({ versionId: versions[1], atSec: 2, body: 'Still a bit quiet' });
    const refused = await t
      .http()
      .post(`/api/portal/projects/${id}/rounds/submit`)
      .set('cookie', cookie)
      .send({});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'EXTRA_ROUND_FEE_REQUIRED' });
    expect(refused.body.message).toMatch(/£25/);
    const accepted = await t
      .http()
      .post(`/api/portal/projects/${id}/rounds/submit`)
      .set('cookie', cookie)
      .send({ acceptFee: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.round).toMatchObject({ number: 2, extra: true, feePence: 2500 });
    expect((await review()).money).toMatchObject({
      extras: [{ label: 'Extra revision round 1', pence: 2500 }],
      extrasPence: 2500,
    });
  });

  it('keeps final files behind 402 before payment', async () => {
    const final = await admin()
      .post(`/api/admin/projects/${id}/finals?name=${encodeURIComponent('Song (final).wav')}`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 1 }));
    expect(final.status).toBe(201);
    await admin()
      .post(`/api/admin/projects/${id}/finals?name=Song.mp3`)
      .set(auth)
      .set('content-type', 'audio/mpeg')
      .send(wav({ seconds: 0.5, bits: 16 }));
    const list = await t.http().get(`/api/portal/projects/${id}/downloads`).set('cookie', cookie);
    expect(list.status).toBe(402);
    expect(list.body).toMatchObject({ success: false, code: 'BALANCE_UNPAID' });
    expect(list.body.message).toMatch(/unlock as soon as the balance is paid/);
    const session = decodeURIComponent(cookie.split('=')[1]);
    const signed = t.app
      .get(ReviewUrls)
      .sign(`/api/media/downloads/${id}/${final.body.file.id}`, { session });
    expect((await t.http().get(signed.url).set('cookie', cookie)).status).toBe(402);
    // Any URL we did not sign for this browser is the same 403, whether its project exists, is
    // paid or not: the URL is checked before anything is looked up.
    const bad = [
      `/api/media/downloads/${id}/all`,
      `/api/media/downloads/${id}/all?exp=9999999999&for=client&sig=forged`,
      `/api/media/downloads/00000000-0000-4000-8000-000000000000/all?exp=9999999999&for=client&sig=x`,
      `/api/media/downloads/not-a-project/${final.body.file.id}`,
      signed.url.replace(final.body.file.id, 'all'),
    ];
    for (const url of bad) {
      const res = await t.http().get(url).set('cookie', cookie);
      expect([url, res.status, res.body]).toEqual([
        url,
        403,
        { success: false, message: REVIEW_MESSAGES.urlInvalid, code: 'URL_INVALID' },
      ]);
    }
    // The good URL in another browser (another session, or none) is refused the same way.
    for (const c of [otherCookie, '']) {
      const res = await t.http().get(signed.url).set('cookie', c);
      expect([res.status, res.body.code]).toEqual([403, 'URL_INVALID']);
    }
    expect((await review()).downloadsUnlocked).toBe(false);
  });

  it('approves once: one balance request (quoted − deposit + extras), mailed, with reminders queued', async () => {
    await postVersion(3, 'master', 'Song master.wav');
    sink.clear();
    const approve = () =>
      t
        .http()
        .post(`/api/portal/projects/${id}/approve`)
        .set('cookie', cookie)
        .send({ versionId: versions[2] });
    const bad = await t
      .http()
      .post(`/api/portal/projects/${id}/approve`)
      .set('cookie', cookie)
      .send({ versionId: 'x' });
    expect(bad.status).toBe(400);
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.alreadyApproved, b.body.alreadyApproved].sort()).toEqual([false, true]);
    expect((await approve()).body.alreadyApproved).toBe(true);
    // Master £40: deposit £20, extras £25 → £45.
    expect(a.body.money).toMatchObject({
      quotedPence: 4000,
      depositPence: 2000,
      extrasPence: 2500,
      balancePence: 4500,
    });
    expect(
      await db().query(`SELECT amount_pence FROM project_balance_requests WHERE project_id = $1`, [id]),
    ).toEqual([{ amount_pence: 4500 }]);
    // (The version-ready mail of version 3 may still be on its way: only balance mails count.)
    const balanceMails = () =>
      sink.to('rita@example.com').filter((m) => /balance of/.test(m.parsed.subject ?? ''));
    await sink.waitFor(() => balanceMails().length > 0, 15_000, 'the balance request');
    await new Promise((r) => setTimeout(r, 500));
    const mails = balanceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].parsed.subject).toMatch(/balance of £45/);
    payToken = /\/pay\/([\w-]+)/.exec(mails[0].parsed.text!)![1];
    // The project page links the same pay page; the mail links the project page too.
    expect((await review()).money.payPath).toBe(`/pay/${payToken}`);
    expect(mails[0].parsed.text).toContain(`https://studio.example.com/portal/projects/${id}`);
    const reminders = t.app.get<Queue>(getQueueToken(REMINDER_QUEUE));
    const delayed = await reminders.getDelayed();
    expect(delayed.map((j) => j.id).sort()).toEqual([`balance-${id}-reminder-3`, `balance-${id}-reminder-7`]);
    expect(delayed.find((j) => j.id === `balance-${id}-reminder-3`)!.opts.delay).toBe(3 * 86_400_000);
  });

  it('pays the balance through one Checkout Session and the signed webhook, once', async () => {
    expect((await t.http().get('/api/pay/not-a-real-token-at-all-xx')).status).toBe(404);
    const summary = await t.http().get(`/api/pay/${payToken}`);
    expect(summary.body.balance).toMatchObject({
      amountPence: 4500,
      amountFormatted: '£45',
      paid: false,
      // What the pay page shows before the button: quote, deposit, extras, and what unlocks.
      breakdown: {
        quotedPence: 4000,
        discountPence: 0,
        depositPence: 2000,
        extras: [{ label: 'Extra revision round 1', pence: 2500 }],
        balancePence: 4500,
      },
      finalFileCount: 2,
      projectPath: `/portal/projects/${id}`,
    });
    const first = await t.http().post(`/api/pay/${payToken}/checkout`);
    const again = await t.http().post(`/api/pay/${payToken}/checkout`);
    expect(first.status).toBe(200);
    expect(again.body).toMatchObject({ sessionId: first.body.sessionId, reused: true });
    const created = fake
      .requestsTo('/v1/checkout/sessions')
      .filter((r) => (r.body.metadata as Record<string, string> | undefined)?.kind === 'balance');
    expect(created).toHaveLength(1);
    expect(created[0].body.metadata).toMatchObject({ projectId: id, kind: 'balance' });
    expect(created[0].idempotencyKey).toMatch(new RegExp(`^balance-${id}-v1-cs-\\d+$`));
    expect(created[0].body).toMatchObject({ line_items: [{ price_data: { unit_amount: '4500' } }] });

    sink.clear();
    const session = {
      ...fake.checkoutSessions.get(first.body.sessionId),
      payment_status: 'paid',
      status: 'complete',
    };
    const paid = await sendWebhook(t, 'checkout.session.completed', session, 'evt_balance_once');
    expect(paid.status).toBe(200);
    expect(
      (await sendWebhook(t, 'checkout.session.completed', session, 'evt_balance_once')).body.duplicate,
    ).toBe(true);
    expect((await sendWebhook(t, 'checkout.session.completed', session)).status).toBe(200);

    const project = (await t.http().get(`/api/portal/projects/${id}`).set('cookie', cookie)).body.project;
    expect(project.status).toBe('delivered');
    expect((await review()).money.payPath).toBeNull();
    // The payment keeps what its amount was made of, for its receipt.
    const [row] = await db().query(`SELECT metadata FROM payments WHERE stripe_checkout_session_id = $1`, [
      first.body.sessionId,
    ]);
    expect(row.metadata.breakdown).toEqual(summary.body.balance.breakdown);
    expect(project.events.filter((e: { type: string }) => e.type === 'balance_paid')).toHaveLength(1);
    const reminders = t.app.get<Queue>(getQueueToken(REMINDER_QUEUE));
    expect(await reminders.getDelayed()).toHaveLength(0);
    await sink.waitFor(
      () => sink.to('rita@example.com').some((m) => /final files are unlocked/.test(m.parsed.subject ?? '')),
      15_000,
      'the unlocked mail',
    );
    expect((await t.http().post(`/api/pay/${payToken}/checkout`)).body.code).toBe('BALANCE_ALREADY_PAID');
    expect((await t.http().get(`/api/pay/${payToken}`)).body.balance.paid).toBe(true);
  });

  it('unlocks single downloads and one streamed ZIP from signed URLs, each recorded', async () => {
    const list = await t.http().get(`/api/portal/projects/${id}/downloads`).set('cookie', cookie);
    expect(list.status).toBe(200);
    expect(list.body.files.map((f: { name: string }) => f.name)).toEqual(['Song (final).wav', 'Song.mp3']);
    const one = await t.http().get(list.body.files[0].url).set('cookie', cookie).buffer(true).parse(binary);
    expect(one.status).toBe(200);
    expect(one.headers['content-disposition']).toContain('attachment; filename="Song (final).wav"');
    // Buffer#equals: jest's deep equality walks a large buffer byte by byte.
    expect((one.body as Buffer).equals(wav({ seconds: 1 }))).toBe(true);
    // The ZIP is named after the project (the client, having no name: their address) and the service.
    expect(list.body.zip.name).toBe('rita-master-final.zip');
    const zip = await t.http().get(list.body.zip.url).set('cookie', cookie).buffer(true).parse(binary);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-disposition']).toContain('attachment; filename="rita-master-final.zip"');
    expect(zip.headers['content-type']).toBe('application/zip');
    expect((zip.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect((zip.body as Buffer).includes(Buffer.from('Song (final).wav'))).toBe(true);
    expect((await t.http().get(list.body.zip.url).set('cookie', otherCookie)).status).toBe(403);
    expect(
      await db().query(
        `SELECT final_id IS NULL AS zip FROM project_downloads WHERE project_id = $1 ORDER BY id`,
        [id],
      ),
    ).toEqual([{ zip: false }, { zip: true }]);
    // Both are on the timeline, for the studio and the client alike: who, and which files.
    const { project } = (await admin().get(`/api/admin/projects/${id}`).set(auth)).body;
    const lines = project.events
      .filter((e: { type: string }) => e.type === 'download')
      .map((e: { actor: string; message: string }) => [e.actor, e.message]);
    expect(lines).toEqual([
      ['client', 'Downloaded by rita@example.com: Song (final).wav.'],
      ['client', 'Downloaded by rita@example.com as one ZIP of 2 files: Song (final).wav, Song.mp3.'],
    ]);
    const portal = (await t.http().get(`/api/portal/projects/${id}`).set('cookie', cookie)).body.project;
    expect(portal.events.filter((e: { type: string }) => e.type === 'download')).toHaveLength(2);
    const money = (await review()).money;
    expect(money).toMatchObject({
      quotedPence: 4000,
      depositPence: 2000,
      discountPence: 0,
      extrasPence: 2500,
      balancePence: 4500,
      balancePaid: true,
      refundsPence: 0,
    });
  });

  it('gives each payment a PDF receipt: the project page lists them, the payment mail links them', async () => {
    await admin()
      .put('/api/admin/settings')
      .set(auth)
      .send({ blogName: 'Night Shift Audio', studioAddress: '1 Studio Lane\nLondon E1 6AN', vatNumber: '' });
    const list = await t.http().get(`/api/portal/projects/${id}/receipts`).set('cookie', cookie);
    expect(list.status).toBe(200);
    const [deposit, balance] = list.body.receipts;
    expect(list.body.receipts).toHaveLength(2);
    expect(deposit).toMatchObject({ label: 'Deposit', amountPence: 2000, refundedPence: 0 });
    expect(balance).toMatchObject({
      label: 'Balance',
      amountPence: 4500,
      number: expect.stringMatching(/^R-\d{6}$/),
    });

    const read = async (url: string, c: string | null = cookie) => {
      const res = await (c === null ? t.http().get(url) : t.http().get(url).set('cookie', c))
        .buffer(true)
        .parse(binary);
      return { res, text: res.status === 200 ? (await pdfText(res.body as Buffer)).text : '' };
    };
    const plain = await read(balance.url);
    expect(plain.res.headers['content-type']).toBe('application/pdf');
    expect(plain.res.headers['cache-control']).toBe('private, no-store');
    expect(plain.res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${balance.number}.pdf"`,
    );
    for (const line of [
      /Night Shift Audio/,
      /1 Studio Lane/,
      /London E1 6AN/,
      new RegExp(balance.number),
      /rita@example\.com/,
      /Master: quote\s+£40\.00/,
      /Deposit paid\s+-£20\.00/,
      /Extra revision round 1\s+£25\.00/,
      /Total paid\s+£45\.00/,
    ])
      expect(plain.text).toMatch(line);
    expect(plain.text).not.toMatch(/VAT/);
    expect((await read(deposit.url)).text).toMatch(/Master: 50% deposit of £40\.00\s+£20\.00/);

    // A VAT number adds the VAT included; a refund shows, with what was kept.
    await admin().put('/api/admin/settings').set(auth).send({ vatNumber: 'GB 123 4567 89' });
    const withVat = await read(balance.url);
    expect(withVat.text).toMatch(/VAT number: GB 123 4567 89/);
    expect(withVat.text).toMatch(/of which VAT at 20%\s+£7\.50/);
    const [{ intent }] = await db().query(
      `SELECT stripe_payment_intent_id AS intent FROM payments WHERE id = $1`,
      [deposit.paymentId],
    );
    fake.setIntentStatus(intent, 'succeeded');
    const refund = await admin()
      .post(`/api/admin/payments/${deposit.paymentId}/refund`)
      .set(auth)
      .send({ amount: 500, requestId: randomUUID(), reason: REASON });
    expect(refund.status).toBe(200);
    const refunded = await read(deposit.url);
    expect(refunded.text).toMatch(/Total paid\s+£20\.00/);
    expect(refunded.text).toMatch(/Refunded on .+\s+-£5\.00/);
    expect(refunded.text).toMatch(/Net paid\s+£15\.00/);
    expect(refunded.text).toMatch(/of which VAT at 20%\s+£2\.50/);
    expect(
      (await t.http().get(`/api/portal/projects/${id}/receipts`).set('cookie', cookie)).body.receipts[0],
    ).toMatchObject({ refundedPence: 500 });

    // Only the project's own client: another client, no session, another project's payment.
    expect(
      (await t.http().get(`/api/portal/projects/${id}/receipts`).set('cookie', otherCookie)).status,
    ).toBe(404);
    expect((await read(balance.url, otherCookie)).res.status).toBe(404);
    expect((await read(balance.url, null)).res.status).toBe(401);
    const [{ payment_id: otherPayment }] = await db().query(`SELECT payment_id FROM projects WHERE id = $1`, [
      other,
    ]);
    const foreign = await read(`/api/portal/projects/${id}/receipts/${otherPayment}`);
    expect([foreign.res.status, (foreign.res.body as Buffer).toString()]).toEqual([
      404,
      JSON.stringify({ success: false, message: 'Receipt not found.', code: 'RECEIPT_NOT_FOUND' }),
    ]);

    // The balance's payment mail links its receipt, which opens without a session.
    const mail = sink
      .to('rita@example.com')
      .find((m) => /Payment confirmed: £45 for Master/.test(m.parsed.subject ?? ''));
    const link = /https:\/\/studio\.example\.com(\/api\/receipts\/\d+\?t=[\w-]+)/.exec(
      mail!.parsed.text!,
    )![1];
    const byLink = await read(link, null);
    expect(byLink.res.status).toBe(200);
    expect(byLink.text).toMatch(/Total paid\s+£45\.00/);
    expect((await read(link.replace(/t=./, 't=A'), null)).res.status).toBe(404);
    expect((await read(link.replace(/receipts\/\d+/, `receipts/${otherPayment}`), null)).res.status).toBe(
      404,
    );
  });

  it('moves only as the transition rule allows over HTTP', async () => {
    const paidByStaff = await admin()
      .post(`/api/admin/projects/${other}/status`)
      .set(auth)
      .send({ status: 'paid' });
    expect(paidByStaff.status).toBe(400);
    expect(paidByStaff.body.code).toBe('INVALID_TRANSITION');
    const close = await admin().post(`/api/admin/projects/${id}/status`).set(auth).send({ status: 'closed' });
    expect(close.body.project.status).toBe('closed');
    // Idempotent: the same status again changes nothing.
    const again = await admin().post(`/api/admin/projects/${id}/status`).set(auth).send({ status: 'closed' });
    expect(again.status).toBe(200);
    const cancel = await admin()
      .post(`/api/admin/projects/${id}/status`)
      .set(auth)
      .send({ status: 'cancelled' });
    expect(cancel.status).toBe(400);
    // Downloads stay available after closing.
    expect((await t.http().get(`/api/portal/projects/${id}/downloads`).set('cookie', cookie)).status).toBe(
      200,
    );
  });

  it('unlocks at once when approval leaves nothing to pay', async () => {
    // A deposit that covered the whole price (quoted = deposit).
    await db().query(`UPDATE projects SET quoted_pence = deposit_pence WHERE id = $1`, [other]);
    await admin().post(`/api/admin/projects/${other}/status`).set(auth).send({ status: 'files_received' });
    await admin().post(`/api/admin/projects/${other}/accept-files`).set(auth);
    const v = await postVersion(2, 'master', 'Free.wav', other);
    const approved = await t
      .http()
      .post(`/api/portal/projects/${other}/approve`)
      .set('cookie', otherCookie)
      .send({ versionId: v.id });
    expect(approved.body.money).toMatchObject({ balancePence: 0, balancePaid: true });
    const status = (await t.http().get(`/api/portal/projects/${other}`).set('cookie', otherCookie)).body
      .project.status;
    expect(status).toBe('paid');
    expect(
      (await t.http().get(`/api/portal/projects/${other}/downloads`).set('cookie', otherCookie)).status,
    ).toBe(200);
  });
});

/** Reads a response body as bytes (supertest's parser hook). */
function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
