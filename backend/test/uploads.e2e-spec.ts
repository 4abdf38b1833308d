import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PROJECT_STORAGE, ProjectStorage } from '../src/storage/project-storage';
import { AbandonedUploadsSweeper } from '../src/uploads/abandoned-uploads.sweeper';
import { PROBE_WARNINGS, PROJECT_MESSAGES, UPLOAD_RULES } from '@studio/shared';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { mp3, wav } from './support/audio-fixtures';
import { FakeS3 } from './support/fake-s3';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';
import { tusCreate, tusHead, tusPatch, tusUpload } from './support/tus-client';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

/** A WAV of exactly `bytes` bytes (a short tone's header, then constant samples). */
function wavOfSize(bytes: number): Buffer {
  const head = wav({ seconds: 0.1, rate: 48000, bits: 24 });
  const body = Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x11)]);
  body.writeUInt32LE(body.length - 8, 4);
  body.writeUInt32LE(body.length - 44, 40);
  return body;
}

/** Every test runs on both storage back ends: local disk, and S3 (a local S3-compatible server). */
jest.setTimeout(30_000);

describe.each([['local disk'], ['S3']])('Resumable uploads to a project (tus over HTTP), %s', (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let projectId: string;
  let cookie: string;
  let otherProject: string;
  let otherCookie: string;

  const db = () => t.app.get(DataSource);
  /** The stored bytes of a file, read back through the storage interface. */
  const stored = async (id: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of t.app.get<ProjectStorage>(PROJECT_STORAGE).read(id))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const detail = async (id = projectId, c = cookie) =>
    (await t.http().get(`/api/portal/projects/${id}`).set('cookie', c)).body.project;
  /** Waits for the probe job to settle a file. */
  const probed = async (fileId: string) => {
    for (let i = 0; i < 200; i++) {
      const [row] = await db().query(`SELECT * FROM project_files WHERE id = $1`, [fileId]);
      if (row && (row.status === 'probed' || row.status === 'failed')) return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`file ${fileId} was never probed`);
  };
  const idOf = (location: string) => location.split('/').pop()!;
  /** A client with a fresh paid project, signed in to the portal. */
  const newClient = async (email: string) => {
    const id = await paidProject(t, fake, email);
    return { projectId: id, cookie: await portalCookie(t, await signInToken(sink, email)) };
  };

  beforeAll(async () => {
    ({ t, sink, fake, s3 } = await createTestAppWithStripe(
      {
        ADMIN_NOTIFY_EMAIL: 'studio@example.com',
        UPLOAD_MAX_FILE_MB: '8',
        UPLOAD_MAX_PROJECT_MB: '20',
      },
      { s3: driver === 'S3' },
    ));
    projectId = await paidProject(t, fake, 'gil@example.com');
    cookie = await portalCookie(t, await signInToken(sink, 'gil@example.com'));
    otherProject = await paidProject(t, fake, 'hal@example.com');
    otherCookie = await portalCookie(t, await signInToken(sink, 'hal@example.com'));
  });
  afterAll(() => closeTestApp(t, sink, fake, s3));

  it(`keeps files in ${driver === 'S3' ? 'the S3 bucket' : 'a folder on local disk'}`, () => {
    expect(t.config.storage.driver.kind).toBe(driver === 'S3' ? 's3' : 'local');
  });

  it('takes a stem in chunks, probes it and tells the studio the files are in', async () => {
    const stem = wav({ seconds: 2, rate: 48000, bits: 24 });
    const created = await tusCreate(t, cookie, stem.length, {
      projectId,
      filename: '../../etc/Kick\u0000 01.wav',
    });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(stem.length / 2);
    const first = await tusPatch(t, cookie, location, 0, stem.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect((await tusHead(t, cookie, location)).headers['upload-offset']).toBe(String(half));
    // A write at the wrong offset is refused; the stored bytes stay as they were.
    expect((await tusPatch(t, cookie, location, 10, stem.subarray(10, 20))).status).toBe(409);
    expect((await tusPatch(t, cookie, location, half, stem.subarray(half))).status).toBe(204);

    const row = await probed(idOf(location));
    expect(row).toMatchObject({ name: 'Kick 01.wav', kind: 'wav', status: 'probed', sha256: sha(stem) });
    expect(row.probe).toMatchObject({
      sampleRate: 48000,
      bitDepth: 24,
      channels: 2,
      durationSec: 2,
      lossless: true,
    });
    expect(row.probe.peakDb).toBeGreaterThan(-10);
    expect(row.warnings).toEqual([]);
    // Stored by id, byte for byte.
    expect(sha(await stored(row.id))).toBe(sha(stem));
    if (s3) expect(await s3.keys()).toContain(row.id);

    // The probe job moves the project right after saving the file's results.
    let project = await detail();
    for (let i = 0; i < 100 && project.status !== 'files_received'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      project = await detail();
    }
    expect(project.status).toBe('files_received');
    expect(project.files.map((f: { name: string }) => f.name)).toEqual(['Kick 01.wav']);
    const mails = await sink.waitFor((m) =>
      m.some((x) => /^Files received: Mix/.test(x.parsed.subject ?? '')),
    );
    const notice = mails.find((x) => /^Files received/.test(x.parsed.subject ?? ''))!;
    expect(notice.to).toEqual(['studio@example.com']);
    expect(notice.parsed.replyTo?.text).toBe('gil@example.com');
  });

  it('resumes from the stored offset after the server is killed mid-upload', async () => {
    const stem = wav({ seconds: 3, rate: 48000, bits: 24 });
    const created = await tusCreate(t, cookie, stem.length, { projectId, filename: 'bass.wav' });
    const location = created.headers.location as string;
    const cut = Math.floor(stem.length * 0.6);
    expect((await tusPatch(t, cookie, location, 0, stem.subarray(0, cut))).status).toBe(204);

    t = await t.restart();

    const head = await tusHead(t, cookie, location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(cut);
    expect((await tusPatch(t, cookie, location, offset, stem.subarray(offset))).status).toBe(204);
    const row = await probed(idOf(location));
    expect(row.sha256).toBe(sha(stem));
  });

  it('stores a file of several parts sent in pieces across a restart, byte for byte', async () => {
    // 7 MB: more than S3's 5 MiB minimum part, so the S3 store writes a real part, keeps the
    // short tail between requests, and finds its offset again after the restart (ListParts).
    const MiB = 1024 * 1024;
    const head = wav({ seconds: 0.1, rate: 48000, bits: 24 });
    const body = Buffer.concat([head, Buffer.alloc(7 * MiB - head.length, 0x11)]);
    body.writeUInt32LE(body.length - 8, 4);
    body.writeUInt32LE(body.length - 44, 40);
    const created = await tusCreate(t, otherCookie, body.length, {
      projectId: otherProject,
      filename: 'long take.wav',
    });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect((await tusPatch(t, otherCookie, location, 0, body.subarray(0, 3 * MiB))).status).toBe(204);
    t = await t.restart();
    expect((await tusHead(t, otherCookie, location)).headers['upload-offset']).toBe(String(3 * MiB));
    expect((await tusPatch(t, otherCookie, location, 3 * MiB, body.subarray(3 * MiB, 6 * MiB))).status).toBe(
      204,
    );
    t = await t.restart();
    expect((await tusHead(t, otherCookie, location)).headers['upload-offset']).toBe(String(6 * MiB));
    expect((await tusPatch(t, otherCookie, location, 6 * MiB, body.subarray(6 * MiB))).status).toBe(204);
    expect((await tusHead(t, otherCookie, location)).headers['upload-offset']).toBe(String(body.length));
    const row = await probed(idOf(location));
    expect(row.sha256).toBe(sha(body));
    expect(sha(await stored(row.id))).toBe(sha(body));
    // Only the file and tus's own record of it remain: no parts, no tail.
    if (s3)
      expect((await s3.keys()).filter((k) => k.startsWith(row.id)).sort()).toEqual([
        row.id,
        `${row.id}.info`,
      ]);
  }, 30_000);

  it('lets two tabs sending the same upload end with one intact file', async () => {
    const stem = wav({ seconds: 4, rate: 48000, bits: 24 });
    const created = await tusCreate(t, cookie, stem.length, { projectId, filename: 'pad.wav' });
    const location = created.headers.location as string;
    const [a, b] = await Promise.all([
      tusPatch(t, cookie, location, 0, stem).then(
        (r) => r.status,
        () => 0,
      ),
      tusPatch(t, cookie, location, 0, stem).then(
        (r) => r.status,
        () => 0,
      ),
    ]);
    // At most one of them wrote; the other was refused or stopped (the lock asks the holder to let go).
    expect([a, b].filter((s) => s === 204).length).toBeLessThanOrEqual(1);
    const offset = Number((await tusHead(t, cookie, location)).headers['upload-offset']);
    if (offset < stem.length) {
      expect((await tusPatch(t, cookie, location, offset, stem.subarray(offset))).status).toBe(204);
    }
    const row = await probed(idOf(location));
    expect(row.sha256).toBe(sha(stem));
    expect(await db().query(`SELECT id FROM project_files WHERE name = 'pad.wav'`)).toHaveLength(1);
  });

  it('warns about lossy, silent and mismatched stems', async () => {
    const lossy = await tusUpload(t, cookie, projectId, 'guide vocal.mp3', mp3(1));
    expect(lossy.status).toBe(204);
    const silent = await tusUpload(
      t,
      cookie,
      projectId,
      'empty.wav',
      wav({ seconds: 1, rate: 44100, bits: 16, silent: true }),
    );
    expect(silent.status).toBe(204);

    const mp3Row = await probed(idOf(lossy.location!));
    expect(mp3Row.kind).toBe('mp3');
    expect(mp3Row.warnings).toEqual([expect.stringMatching(/lossy file/)]);
    const silentRow = await probed(idOf(silent.location!));
    expect(silentRow.warnings).toEqual(['This file is silent.']);

    const project = await detail();
    expect(project.warnings).toEqual([
      'Your stems use different sample rates: 44100 Hz, 48000 Hz.',
      expect.stringMatching(/^Your stems have different lengths: 1\.0 s to 4\.0 s\.$/),
    ]);
    // Staff read the same checks about the client's files in their own words.
    const staff = (
      await t
        .http()
        .get(`/api/admin/projects/${projectId}`)
        .set('authorization', `Bearer ${await adminToken(t)}`)
    ).body.project;
    expect(staff.warnings).toEqual([
      'The stems use different sample rates: 44100 Hz, 48000 Hz.',
      expect.stringMatching(/^The stems have different lengths: 1\.0 s to 4\.0 s\.$/),
    ]);
    expect(staff.files.find((f: { name: string }) => f.name === 'guide vocal.mp3').warnings).toEqual([
      expect.stringMatching(/lossy file.*Ask the client for the original/),
    ]);
    const attention = await sink.waitFor(
      (m) =>
        m.filter((x) => x.to.includes('gil@example.com') && /need attention/.test(x.parsed.subject ?? ''))
          .length >= 2,
    );
    expect(attention.length).toBeGreaterThan(0);
  });

  it('reads audio only as the format its first bytes show, and finds a WAV without fmt unreadable', async () => {
    const { projectId: own, cookie: max } = await newClient('max@example.com');
    const target = await tusUpload(t, max, own, 'target.wav', wav({ seconds: 1 }));
    expect((await probed(idOf(target.location!))).status).toBe('probed');
    // An ID3 tag, then an ffconcat script naming the other upload (stored beside it on disk):
    // left to guess, ffmpeg skips the tag, runs the script and measures that file instead.
    const tag = Buffer.alloc(10 + 5000);
    tag.write('ID3\u0004', 0, 'latin1');
    tag.set([0, 0, 0x27, 0x08], 6); // 5000, as ID3's sync-safe integer
    const script = Buffer.from(`ffconcat version 1.0\nfile ${idOf(target.location!)}\n`);
    const disguised = await tusUpload(t, max, own, 'beat.mp3', Buffer.concat([tag, script]));
    expect(disguised.status).toBe(204);
    const row = await probed(idOf(disguised.location!));
    expect(row).toMatchObject({ kind: 'mp3', status: 'failed', probe: null });
    expect(row.warnings).toEqual([PROBE_WARNINGS.unreadable]);

    // RIFF/WAVE with samples but no `fmt ` chunk: nothing says how to play them.
    const stem = wav({ seconds: 1 });
    const samples = stem.subarray(44);
    const header = Buffer.alloc(20);
    header.write('RIFF', 0);
    header.writeUInt32LE(12 + samples.length, 4);
    header.write('WAVEdata', 8);
    header.writeUInt32LE(samples.length, 16);
    const noFmt = await tusUpload(t, max, own, 'no fmt.wav', Buffer.concat([header, samples]));
    expect(noFmt.status).toBe(204);
    const noFmtRow = await probed(idOf(noFmt.location!));
    expect(noFmtRow).toMatchObject({ kind: 'wav', status: 'failed', probe: null });
    expect(noFmtRow.warnings).toEqual([PROBE_WARNINGS.unreadable]);
    const timeline = (await detail(own, max)).events.map((e: { message: string }) => e.message);
    expect(timeline).toContain(`no fmt.wav checked: ${PROBE_WARNINGS.unreadable}`);
  });

  it('refuses a file that is not audio, naming what it is, and keeps nothing of it', async () => {
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(2000, 7),
    ]);
    const res = await tusUpload(t, cookie, projectId, 'cover.wav', png);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE_TYPE' });
    expect(res.body.message).toMatch(/^This file is PNG \(image\/png\)\. Upload audio/);
    const [row] = await db().query(`SELECT status FROM project_files WHERE id = $1`, [idOf(res.location!)]);
    expect(row.status).toBe('failed');
    await expect(stored(idOf(res.location!))).rejects.toThrow();
    if (s3) expect((await s3.keys()).filter((k) => k.startsWith(idOf(res.location!)))).toEqual([]);
    expect((await detail()).files.map((f: { name: string }) => f.name)).not.toContain('cover.wav');
  });

  it('accepts notes as plain text', async () => {
    const notes = await tusUpload(
      t,
      cookie,
      projectId,
      'notes.txt',
      Buffer.from('Vocals up in the chorus, please.\n'),
    );
    expect(notes.status).toBe(204);
    expect((await probed(idOf(notes.location!))).kind).toBe('txt');
  });

  it('counts the bytes that arrive against the project limit, not the sizes declared', async () => {
    const { projectId: own, cookie: ivy } = await newClient('ivy@example.com');
    const big = await tusCreate(t, ivy, 9 * MiB, { projectId: own, filename: 'huge.wav' });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      success: false,
      message: 'This file is larger than the 8 MB limit for one file.',
      code: 'FILE_TOO_LARGE',
    });
    // Starting uploads takes nothing from the limit: three that cannot all fit still start.
    const start = (size: number, filename: string) => tusCreate(t, ivy, size, { projectId: own, filename });
    const [a, b, c] = [
      await start(8 * MiB, 'a.wav'),
      await start(8 * MiB, 'b.wav'),
      await start(5 * MiB, 'c.wav'),
    ];
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect((await detail(own, ivy)).limits.usedBytes).toBe(0);

    // Bytes count as they arrive: a and b fit (16 MB), c's would take the project past 20 MB.
    expect((await tusPatch(t, ivy, a.headers.location as string, 0, wavOfSize(8 * MiB))).status).toBe(204);
    expect((await tusPatch(t, ivy, b.headers.location as string, 0, wavOfSize(8 * MiB))).status).toBe(204);
    const cAt = c.headers.location as string;
    const over = await tusPatch(t, ivy, cAt, 0, wavOfSize(5 * MiB).subarray(0, 4 * MiB + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      success: false,
      message: 'This upload would take the project past its 20 MB limit.',
      code: 'PROJECT_TOO_LARGE',
    });
    expect((await tusHead(t, ivy, cAt)).headers['upload-offset']).toBe('0');
    // What still fits is taken.
    expect((await tusPatch(t, ivy, cAt, 0, wavOfSize(5 * MiB).subarray(0, 4 * MiB - 1000))).status).toBe(204);
    expect((await detail(own, ivy)).limits.usedBytes).toBe(20 * MiB - 1000);
    // An upload that could not fit even beside what the project holds now is refused up front.
    const noRoom = await start(1001, 'd.txt');
    expect(noRoom.status).toBe(413);
    expect(noRoom.body.code).toBe('PROJECT_TOO_LARGE');

    // Writing past the declared length is refused too.
    const small = await tusCreate(t, otherCookie, 10, { projectId: otherProject, filename: 'x.txt' });
    const past = await tusPatch(
      t,
      otherCookie,
      small.headers.location as string,
      0,
      Buffer.from('0123456789ABC'),
    );
    expect(past.status).toBe(413);
  }, 60_000);

  it('frees what an upload held the moment the client deletes it; an upload never sent holds nothing', async () => {
    const { projectId: own, cookie: jo } = await newClient('jo@example.com');
    const stem = wav({ seconds: 2 });
    const created = await tusCreate(t, jo, stem.length, { projectId: own, filename: 'take 2.wav' });
    const location = created.headers.location as string;
    expect((await tusPatch(t, jo, location, 0, stem.subarray(0, 5000))).status).toBe(204);
    expect((await detail(own, jo)).limits.usedBytes).toBe(5000);

    const removed = await t.http().delete(location).set({ 'tus-resumable': '1.0.0', cookie: jo });
    expect(removed.status).toBe(204);
    expect((await detail(own, jo)).limits.usedBytes).toBe(0);
    const [row] = await db().query(`SELECT status, warnings FROM project_files WHERE id = $1`, [
      idOf(location),
    ]);
    expect(row).toEqual({ status: 'failed', warnings: [PROJECT_MESSAGES.uploadCancelled] });
    expect((await tusHead(t, jo, location)).status).toBe(404);
    // Another client cannot delete it, and a finished upload cannot be deleted at all.
    const kept = await tusUpload(t, jo, own, 'keeper.wav', wav({ seconds: 0.5 }));
    expect(kept.status).toBe(204);
    expect((await t.http().delete(kept.location!).set({ 'tus-resumable': '1.0.0', cookie })).status).toBe(
      404,
    );
    expect((await t.http().delete(kept.location!).set({ 'tus-resumable': '1.0.0', cookie: jo })).status).toBe(
      400,
    );

    const held = (await detail(own, jo)).limits.usedBytes;
    expect((await tusCreate(t, jo, 5 * MiB, { projectId: own, filename: 'later.wav' })).status).toBe(201);
    expect((await detail(own, jo)).limits.usedBytes).toBe(held);
  });

  it('holds a project to its number of files and a session to its pace of new uploads', async () => {
    const { projectId: own, cookie: kim } = await newClient('kim@example.com');
    // One short of the limit, as the upload path writes finished files.
    await db().query(
      `INSERT INTO project_files (id, project_id, name, size, received, status, kind)
       SELECT 'seeded' || g || '_' || $3, $1, 'stem ' || g || '.wav', 10, 10, 'probed', 'wav'
         FROM generate_series(1, $2::int) g`,
      [own, UPLOAD_RULES.maxFilesPerProject - 1, driver === 'S3' ? 's3' : 'disk'],
    );
    const last = await tusCreate(t, kim, 10, { projectId: own, filename: 'last.txt' });
    expect(last.status).toBe(201);
    const full = await tusCreate(t, kim, 10, { projectId: own, filename: 'one more.txt' });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      success: false,
      message: PROJECT_MESSAGES.tooManyFiles(UPLOAD_RULES.maxFilesPerProject),
      code: 'TOO_MANY_FILES',
    });
    // A cancelled upload gives its place back.
    await t
      .http()
      .delete(last.headers.location as string)
      .set({ 'tus-resumable': '1.0.0', cookie: kim })
      .expect(204);
    expect((await tusCreate(t, kim, 10, { projectId: own, filename: 'instead.txt' })).status).toBe(201);

    // A session starts at most so many uploads per window.
    const { projectId: other, cookie: lee } = await newClient('lee@example.com');
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOAD_RULES.createPerSession; i++)
      statuses.push((await tusCreate(t, lee, 10, { projectId: other, filename: `n${i}.txt` })).status);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    const refused = await tusCreate(t, lee, 10, { projectId: other, filename: 'too fast.txt' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(UPLOAD_RULES.createWindowMinutes * 60));
    expect(refused.body).toEqual({
      success: false,
      message: PROJECT_MESSAGES.uploadsTooFast,
      code: 'UPLOADS_TOO_FAST',
    });
    expect(statuses.at(-1)).toBe(429);
    // Counted per session: another sign-in starts afresh.
    await t.http().post('/api/portal/link').send({ email: 'lee@example.com' }).expect(200);
    const again = await portalCookie(t, await signInToken(sink, 'lee@example.com', 2));
    expect((await tusCreate(t, again, 10, { projectId: other, filename: 'later.txt' })).status).toBe(201);
  }, 120_000);

  it('keeps every upload to its own client: 401 without a session, 404 for anyone else', async () => {
    const stem = wav({ seconds: 0.5 });
    const created = await tusCreate(t, cookie, stem.length, { projectId, filename: 'mine.wav' });
    const location = created.headers.location as string;

    const anonymous = await tusCreate(t, null, 10, { projectId, filename: 'x.txt' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('PORTAL_SIGN_IN_REQUIRED');
    expect((await tusHead(t, null, location)).status).toBe(401);

    const intoTheirs = await tusCreate(t, otherCookie, 10, { projectId, filename: 'x.txt' });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    expect((await tusHead(t, otherCookie, location)).status).toBe(404);
    const write = await tusPatch(t, otherCookie, location, 0, stem);
    expect(write.status).toBe(404);
    expect(write.body).toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect((await tusHead(t, otherCookie, '/api/uploads/0123456789abcdef0123456789abcdef')).status).toBe(404);
    // The owner's upload is untouched.
    expect((await tusHead(t, cookie, location)).headers['upload-offset']).toBe('0');

    const noLength = await t
      .http()
      .post('/api/uploads')
      .set({ 'tus-resumable': '1.0.0', 'upload-defer-length': '1', cookie })
      .set('upload-metadata', `projectId ${Buffer.from(projectId).toString('base64')}`);
    expect(noLength.status).toBe(400);
  });

  it("answers tus protocol errors in the one error shape, not tus's plain text (found by fuzzing)", async () => {
    const noVersion = await t.http().head('/api/uploads/0123456789abcdef0123456789abcdef').set({ cookie });
    expect(noVersion.status).toBe(412);
    const noVersionPost = await t.http().post('/api/uploads').set({ cookie, 'upload-length': '10' });
    expect(noVersionPost.status).toBe(412);
    expect(noVersionPost.body).toMatchObject({ success: false, code: 'UPLOAD_REJECTED' });
    const badOffset = await t
      .http()
      .patch('/api/uploads/0123456789abcdef0123456789abcdef')
      .set({
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': 'ten',
        'content-type': 'application/offset+octet-stream',
      })
      .send(Buffer.from('x'));
    expect(badOffset.status).toBe(400);
    expect(badOffset.body).toMatchObject({ success: false, code: 'UPLOAD_REJECTED' });
    expect(badOffset.body.message).toMatch(/upload-offset/);
  });
  it('removes an upload left unfinished past the limit, bytes and all, and frees its quota', async () => {
    const body = wav({ seconds: 1, rate: 44100, bits: 16 });
    const created = await tusCreate(t, otherCookie, body.length, {
      projectId: otherProject,
      filename: 'left behind.wav',
    });
    const location = created.headers.location as string;
    const id = idOf(location);
    expect((await tusPatch(t, otherCookie, location, 0, body.subarray(0, 4096))).status).toBe(204);
    const sweeper = t.app.get(AbandonedUploadsSweeper);
    // A fresh upload is left alone by the real limit.
    expect(await sweeper.sweep()).not.toContain(id);
    expect((await tusHead(t, otherCookie, location)).headers['upload-offset']).toBe('4096');

    expect(await sweeper.sweep(0)).toContain(id);
    const [row] = await db().query(`SELECT status, warnings FROM project_files WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'failed', warnings: [PROJECT_MESSAGES.uploadExpired] });
    expect(await t.app.get<ProjectStorage>(PROJECT_STORAGE).size(id)).toBeNull();
    if (s3) expect((await s3.keys()).filter((k) => k.startsWith(id))).toEqual([]);
    expect((await tusHead(t, otherCookie, location)).status).toBe(404);
    // A second sweep finds nothing more to do.
    expect(await sweeper.sweep(0)).toEqual([]);
  });
});
