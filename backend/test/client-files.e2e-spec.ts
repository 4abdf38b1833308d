/**
 * The client's files in staff hands (issue 22, item 1): each file and all of them as one ZIP,
 * streamed from either storage back end, byte for byte what the client sent, admins only, and
 * every download on the project's timeline.
 */
import { DataSource } from 'typeorm';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeS3 } from './support/fake-s3';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, StaffTokens, staffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';
import { tusCreate, tusUpload } from './support/tus-client';
import { binary, readStoredZip } from './support/zip-reader';

jest.setTimeout(60_000);

type Event = { type: string; actor: string; actorName: string | null; message: string };

describe.each([['local disk'], ['S3']])("The client's files for staff (HTTP), %s", (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let tokens: StaffTokens;
  let projectId: string;
  let cookie: string;
  let otherProject: string;
  let otherCookie: string;
  const sent: { id: string; name: string; body: Buffer }[] = [];

  const db = () => t.app.get(DataSource);
  const asAdmin = () => ({ authorization: `Bearer ${tokens.admin}` });
  const staffEvents = async (id = projectId): Promise<Event[]> =>
    (await t.http().get(`/api/admin/projects/${id}`).set(asAdmin())).body.project.events;
  const downloads = async (id = projectId) => (await staffEvents(id)).filter((e) => e.type === 'download');
  const probed = async (fileId: string) => {
    for (let i = 0; i < 200; i++) {
      const [row] = await db().query(`SELECT status FROM project_files WHERE id = $1`, [fileId]);
      if (row && (row.status === 'probed' || row.status === 'failed')) return row.status as string;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`file ${fileId} was never probed`);
  };
  const upload = async (c: string, project: string, name: string, body: Buffer) => {
    const res = await tusUpload(t, c, project, name, body);
    expect(res.status).toBe(204);
    const id = res.location!.split('/').pop()!;
    expect(await probed(id)).toBe('probed');
    return id;
  };

  beforeAll(async () => {
    ({ t, sink, fake, s3 } = await createTestAppWithStripe(
      { ADMIN_NOTIFY_EMAIL: 'studio@example.com' },
      { s3: driver === 'S3' },
    ));
    tokens = await staffTokens(t, driver === 'S3' ? 's3' : 'local');
    projectId = await paidProject(t, fake, 'stems@example.com');
    cookie = await portalCookie(t, await signInToken(sink, 'stems@example.com'));
    otherProject = await paidProject(t, fake, 'other@example.com');
    otherCookie = await portalCookie(t, await signInToken(sink, 'other@example.com'));
    // Two stems whose names differ only in case: the ZIP must keep both.
    for (const [name, body] of [
      ['Kick.wav', wav({ seconds: 1.5, rate: 48000, bits: 24 })],
      ['kick.wav', wav({ seconds: 0.7, rate: 48000, bits: 24 })],
      ['Bass DI – take 2.wav', wav({ seconds: 1, rate: 48000, bits: 24 })],
    ] as const)
      sent.push({ id: await upload(cookie, projectId, name, body), name, body });
  });
  afterAll(() => closeTestApp(t, sink, fake, s3));

  it(`reads from ${driver === 'S3' ? 'the S3 bucket' : 'local disk'}`, () => {
    expect(t.config.storage.driver.kind).toBe(driver === 'S3' ? 's3' : 'local');
  });

  it('lets only admins download: anonymous 401, editors and authors 403', async () => {
    await expectAdminOnly(t, tokens, 'get', `/api/admin/projects/${projectId}/files/${sent[0].id}/download`);
    await expectAdminOnly(t, tokens, 'get', `/api/admin/projects/${projectId}/files.zip`);
    // A client's portal session is no staff credential either.
    const client = await t.http().get(`/api/admin/projects/${projectId}/files.zip`).set('cookie', cookie);
    expect(client.status).toBe(401);
    expect(await downloads()).toEqual([]);
  });

  it('streams each file as an attachment under its own name, byte for byte, and records it', async () => {
    for (const f of sent) {
      const res = await t
        .http()
        .get(`/api/admin/projects/${projectId}/files/${f.id}/download`)
        .set(asAdmin())
        .buffer(true)
        .parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-length']).toBe(String(f.body.length));
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(f.name)}`);
      expect((res.body as Buffer).equals(f.body)).toBe(true);
    }
    expect(
      (
        await t
          .http()
          .get(`/api/admin/projects/${projectId}/files/${sent[0].id}/download`)
          .set(asAdmin())
          .buffer(true)
          .parse(binary)
      ).headers['content-disposition'],
    ).toBe(`attachment; filename="Kick.wav"; filename*=UTF-8''Kick.wav`);
    const lines = await downloads();
    expect(lines.map((e) => [e.actor, e.actorName, e.message])).toEqual([
      ['staff', 'Studio Admin', 'Downloaded by Studio Admin: Kick.wav.'],
      ['staff', 'Studio Admin', 'Downloaded by Studio Admin: kick.wav.'],
      ['staff', 'Studio Admin', 'Downloaded by Studio Admin: Bass DI – take 2.wav.'],
      ['staff', 'Studio Admin', 'Downloaded by Studio Admin: Kick.wav.'],
    ]);
  });

  it('resumes a download with a byte range without recording it twice', async () => {
    const before = (await downloads()).length;
    const res = await t
      .http()
      .get(`/api/admin/projects/${projectId}/files/${sent[0].id}/download`)
      .set(asAdmin())
      .set('range', 'bytes=100-')
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-${sent[0].body.length - 1}/${sent[0].body.length}`);
    expect((res.body as Buffer).equals(sent[0].body.subarray(100))).toBe(true);
    expect(await downloads()).toHaveLength(before);
    const bad = await t
      .http()
      .get(`/api/admin/projects/${projectId}/files/${sent[0].id}/download`)
      .set(asAdmin())
      .set('range', `bytes=${sent[0].body.length + 10}-`);
    expect([bad.status, bad.body.code]).toEqual([416, 'RANGE_NOT_SATISFIABLE']);
  });

  it('streams all files as one ZIP with unique names and the same bytes, and records which', async () => {
    const res = await t
      .http()
      .get(`/api/admin/projects/${projectId}/files.zip`)
      .set(asAdmin())
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="stems-mix-client-files.zip"');
    const entries = readStoredZip(res.body as Buffer);
    expect(entries.map((e) => e.name)).toEqual(['Kick.wav', 'kick (2).wav', 'Bass DI – take 2.wav']);
    entries.forEach((e, i) => expect(e.data.equals(sent[i].body)).toBe(true));
    const last = (await downloads()).at(-1)!;
    expect([last.actor, last.message]).toEqual([
      'staff',
      'Downloaded by Studio Admin as one ZIP of 3 files: Kick.wav, kick.wav, Bass DI – take 2.wav.',
    ]);
    // The client's timeline does not list the studio's downloads.
    const portal = await t.http().get(`/api/portal/projects/${projectId}`).set('cookie', cookie);
    expect(portal.body.project.events.map((e: Event) => e.type)).not.toContain('download');
  });

  it('answers 404 for a file of another project, an unfinished upload, a made-up id or project', async () => {
    const foreign = await upload(otherCookie, otherProject, 'theirs.wav', wav({ seconds: 0.5 }));
    const started = await tusCreate(t, cookie, 1000, { projectId, filename: 'half.wav' });
    const unfinished = (started.headers.location as string).split('/').pop()!;
    for (const [project, file] of [
      [projectId, foreign],
      [projectId, unfinished],
      [projectId, 'nope-not-a-file'],
      [projectId, '../../etc/passwd'],
      ['00000000-0000-4000-8000-000000000000', sent[0].id],
      ['not-a-uuid', sent[0].id],
    ]) {
      const res = await t
        .http()
        .get(`/api/admin/projects/${project}/files/${encodeURIComponent(file)}/download`)
        .set(asAdmin());
      expect([project, file, res.status, res.body.success]).toEqual([project, file, 404, false]);
      expect(['FILE_NOT_FOUND', 'PROJECT_NOT_FOUND', 'NOT_FOUND']).toContain(res.body.code);
    }
    const empty = await paidProject(t, fake, 'empty@example.com');
    const none = await t.http().get(`/api/admin/projects/${empty}/files.zip`).set(asAdmin());
    expect([none.status, none.body.code]).toEqual([404, 'FILE_NOT_FOUND']);
    expect(await downloads(empty)).toEqual([]);
  });
});
