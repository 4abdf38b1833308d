/**
 * A version's preview job that dies after marking the version ready but before the project
 * moves to "in review" must not leave the project behind: marking the version ready, its
 * timeline line and the move are one transaction, so Bull's retry does the whole step again.
 * The "death" is a trigger that refuses the project's first move to in_review once (a sequence,
 * which a rollback does not undo), the way a worker killed at that point leaves it.
 */
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import { PREVIEW_QUEUE } from '../src/reviews/reviews.constants';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeStripe } from './support/fake-stripe';
import { paidProject } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';

jest.setTimeout(90_000);

describe('Preview ready after a failed first attempt (HTTP + Bull)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let db: DataSource;
  let auth: { authorization: string };

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe());
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${await adminToken(t)}` };
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('moves the project to in review on the retry, with one timeline line and one mail', async () => {
    const id = await paidProject(t, fake, 'retry@example.com', 'Mix');
    await t.http().post(`/api/admin/projects/${id}/status`).set(auth).send({ status: 'files_received' });
    await t.http().post(`/api/admin/projects/${id}/accept-files`).set(auth);
    await db.query(`CREATE SEQUENCE die_once_seq`);
    await db.query(`
      CREATE FUNCTION die_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('die_once_seq') = 1 THEN RAISE EXCEPTION 'worker died before the move'; END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER die_once BEFORE UPDATE OF status ON projects
      FOR EACH ROW WHEN (NEW.status = 'in_review') EXECUTE FUNCTION die_once()`);

    sink.clear();
    const posted = await t
      .http()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=song.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 2 }));
    expect(posted.status).toBe(201);
    const versionId: string = posted.body.version.id;

    // Wait for the job to finish for good: its first attempt fails, Bull retries it once.
    const previews = t.app.get<Queue>(getQueueToken(PREVIEW_QUEUE));
    const deadline = Date.now() + 60_000;
    let state = '';
    while (Date.now() < deadline) {
      state = (await (await previews.getJob(`preview-${versionId}`))?.getState()) ?? '';
      if (state === 'completed' || state === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe('completed');
    const [version] = await db.query(`SELECT status FROM project_versions WHERE id = $1`, [versionId]);
    expect(version.status).toBe('ready');
    const [project] = await db.query(`SELECT status FROM projects WHERE id = $1`, [id]);
    expect(project.status).toBe('in_review');
    // The trigger fired on the failed first attempt and on the retry that moved the project.
    const [{ attempts }] = await db.query(`SELECT nextval('die_once_seq') - 1 AS attempts`);
    expect(Number(attempts)).toBe(2);
    const events = await db.query(
      `SELECT type, message FROM project_events WHERE project_id = $1 AND type IN ('version_ready', 'status_changed')
        ORDER BY id`,
      [id],
    );
    expect(events.filter((e: { type: string }) => e.type === 'version_ready')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      type: 'status_changed',
      message: expect.stringMatching(/^In review: /),
    });
    await sink.waitFor(
      () => sink.to('retry@example.com').some((m) => /ready to review/.test(m.parsed.subject ?? '')),
      15_000,
      'the version-ready mail',
    );
    expect(
      sink.to('retry@example.com').filter((m) => /ready to review/.test(m.parsed.subject ?? '')),
    ).toHaveLength(1);
  });
});
