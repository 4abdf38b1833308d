/**
 * Staff upload versions and final files through the clients' tus endpoint (issue 22, item 3):
 * with their own credentials, in pieces that resume from the stored offset, checked like the
 * streamed posts, on both storage back ends. Clients never reach a staff upload, nor staff a
 * client's.
 */
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PROJECT_STORAGE, ProjectStorage } from '../src/storage/project-storage';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeS3 } from './support/fake-s3';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { StaffTokens, staffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';
import { tusCreate, tusUpload } from './support/tus-client';

jest.setTimeout(60_000);

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each([['local disk'], ['S3']])('Staff uploads by tus (HTTP), %s', (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let tokens: StaffTokens;
  let projectId: string;
  let cookie: string;

  const bearer = (token = tokens.admin) => ({ authorization: `Bearer ${token}` });
  const create = (length: number, m: Record<string, string>, auth: object = bearer()) =>
    t
      .http()
      .post('/api/uploads')
      .set(TUS)
      .set(auth as Record<string, string>)
      .set('upload-length', String(length))
      .set('upload-metadata', meta(m));
  const patch = (location: string, offset: number, body: Buffer, auth: object = bearer()) =>
    t
      .http()
      .patch(location)
      .set(TUS)
      .set(auth as Record<string, string>)
      .set('upload-offset', String(offset))
      .set('content-type', 'application/offset+octet-stream')
      .send(body);
  const head = (location: string, auth: object = bearer()) =>
    t
      .http()
      .head(location)
      .set(TUS)
      .set(auth as Record<string, string>);
  const review = async () =>
    (await t.http().get(`/api/admin/projects/${projectId}/review`).set(bearer())).body.review;
  const stored = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of t.app.get<ProjectStorage>(PROJECT_STORAGE).read(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    ({ t, sink, fake, s3 } = await createTestAppWithStripe(
      { ADMIN_NOTIFY_EMAIL: 'studio@example.com', UPLOAD_MAX_FILE_MB: '8' },
      { s3: driver === 'S3' },
    ));
    tokens = await staffTokens(t, driver === 'S3' ? 'tus_s3' : 'tus_local');
    projectId = await paidProject(t, fake, 'vera@example.com');
    cookie = await portalCookie(t, await signInToken(sink, 'vera@example.com'));
    await t
      .http()
      .post(`/api/admin/projects/${projectId}/status`)
      .set(bearer())
      .send({ status: 'files_received' });
    await t.http().post(`/api/admin/projects/${projectId}/accept-files`).set(bearer());
  });
  afterAll(() => closeTestApp(t, sink, fake, s3));

  it('takes a version in pieces, resumes from the stored offset, and makes it a version with a preview', async () => {
    const song = wav({ seconds: 3, rate: 48000, bits: 24 });
    const created = await create(song.length, {
      projectId,
      filename: 'Song v1.wav',
      target: 'version',
      kind: 'master',
      note: 'First pass',
    });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    const third = Math.floor(song.length / 3);
    expect((await patch(location, 0, song.subarray(0, third))).status).toBe(204);
    // As after a reload: ask where it stopped, and carry on from there.
    const at = Number((await head(location)).headers['upload-offset']);
    expect(at).toBe(third);
    expect((await patch(location, 5, song.subarray(5, 50))).status).toBe(409);
    expect((await patch(location, at, song.subarray(at))).status).toBe(204);

    const id = location.split('/').pop()!;
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT * FROM project_versions WHERE source_key = $1`, [id]);
    expect(row).toMatchObject({
      project_id: projectId,
      kind: 'master',
      name: 'Song v1.wav',
      note: 'First pass',
    });
    expect(sha(await stored(id))).toBe(sha(song));
    for (let i = 0; ; i++) {
      const v = (await review()).versions.find((x: { id: string }) => x.id === row.id);
      if (v?.status === 'ready') break;
      if (i > 150 || v?.status === 'failed') throw new Error(`preview: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const events = (await t.http().get(`/api/admin/projects/${projectId}`).set(bearer())).body.project.events;
    expect(events.map((e: { type: string }) => e.type)).toContain('version_posted');
    // Not a client file: the project's files and used bytes are as they were.
    const detail = (await t.http().get(`/api/portal/projects/${projectId}`).set('cookie', cookie)).body
      .project;
    expect(detail.files).toEqual([]);
    expect(detail.limits.usedBytes).toBe(0);
  });

  it('takes a final file the same way', async () => {
    const file = wav({ seconds: 1 });
    const res = await create(file.length, { projectId, filename: 'Song (final).wav', target: 'final' });
    expect(res.status).toBe(201);
    expect((await patch(res.headers.location as string, 0, file)).status).toBe(204);
    expect((await review()).finals.map((f: { name: string }) => f.name)).toEqual(['Song (final).wav']);
  });

  it('lets only admins start or go on with a staff upload', async () => {
    const body = wav({ seconds: 0.5 });
    const m = { projectId, filename: 'x.wav', target: 'version', kind: 'mix' };
    expect((await create(body.length, m, {})).status).toBe(401);
    expect((await create(body.length, m, { cookie })).status).toBe(401);
    for (const role of ['editor', 'author'] as const) {
      const res = await create(body.length, m, bearer(tokens[role]));
      expect([role, res.status, res.body.code]).toEqual([role, 403, 'FORBIDDEN']);
    }
    const started = await create(body.length, m);
    const location = started.headers.location as string;
    // The client's session does not reach it, nor does an editor's token.
    expect((await head(location, { cookie })).status).toBe(401);
    expect((await patch(location, 0, body, { cookie })).status).toBe(401);
    expect((await patch(location, 0, body, bearer(tokens.editor))).status).toBe(403);
    expect(Number((await head(location)).headers['upload-offset'])).toBe(0);
    // And staff do not reach a client's upload.
    const client = await tusCreate(t, cookie, 1000, { projectId, filename: 'stem.wav' });
    expect(client.status).toBe(201);
    expect((await head(client.headers.location as string)).status).toBe(401);
    expect((await patch(client.headers.location as string, 0, Buffer.alloc(10))).status).toBe(401);
  });

  it('refuses what the streamed posts refuse, before or after the bytes', async () => {
    const body = wav({ seconds: 0.5 });
    const bad = [
      [{ projectId, filename: 'x.wav', target: 'version', kind: 'stem' }, body.length, 400],
      [{ projectId: '00000000-0000-4000-8000-000000000000', filename: 'x.wav', target: 'final' }, 10, 404],
      [{ projectId: 'nope', filename: 'x.wav', target: 'version', kind: 'mix' }, 10, 404],
      [{ projectId, filename: 'big.wav', target: 'final' }, 9 * 1024 * 1024, 413],
    ] as const;
    for (const [m, length, status] of bad) {
      const res = await create(length, m);
      expect([m, res.status, res.body.success]).toEqual([m, status, false]);
    }
    // Text is no version: refused (415) once it has arrived, and no version is made.
    const text = Buffer.from('these are my notes, not a mix\n'.repeat(20));
    const created = await create(text.length, {
      projectId,
      filename: 'notes.wav',
      target: 'version',
      kind: 'mix',
    });
    const finished = await patch(created.headers.location as string, 0, text);
    expect([finished.status, finished.body.code]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
    expect((await review()).versions).toHaveLength(1);
    // The client's own uploads still work beside them.
    expect((await tusUpload(t, cookie, projectId, 'Kick.wav', wav({ seconds: 0.5 }))).status).toBe(204);
  });
});
