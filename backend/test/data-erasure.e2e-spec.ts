import { DataSource } from 'typeorm';
import { PROJECT_STORAGE, ProjectStorage } from '../src/storage/project-storage';
import { StorageRemovals } from '../src/storage/storage-removals';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeS3 } from './support/fake-s3';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';
import { tusCreate, tusPatch, tusUpload } from './support/tus-client';

/**
 * Erasing an address (issue 17) takes the client's project files with it, on both storage back
 * ends: the rows go in one transaction with everything else, the stored files right after it
 * commits; a failure anywhere in the database part leaves every row and file as it was.
 */
jest.setTimeout(30_000);

describe.each([['local disk'], ['S3']])('Data erasure and project files, %s', (driver) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let fake: FakeStripe;
  let sink: SmtpSink;
  const db = () => t.app.get(DataSource);
  const auth = async () => ({ authorization: `Bearer ${await adminToken(t)}` });
  /** Whether the store still has anything under `key` (the file; on S3 also tus's objects). */
  const held = async (key: string): Promise<boolean> => {
    if (s3) return (await s3.keys()).some((k) => k === key || k.startsWith(`${key}.`));
    const stream = t.app.get<ProjectStorage>(PROJECT_STORAGE).read(key);
    return new Promise((resolve) => {
      stream.once('error', () => resolve(false));
      stream.once('readable', () => {
        stream.destroy();
        resolve(true);
      });
    });
  };
  const idOf = (location: string) => location.split('/').pop()!;

  /** A client with a project, one finished stem and one upload stopped half way. */
  async function clientWithFiles(email: string) {
    const projectId = await paidProject(t, fake, email);
    const cookie = await portalCookie(t, await signInToken(sink, email));
    const done = await tusUpload(t, cookie, projectId, 'Kick.wav', wav({ seconds: 1 }));
    expect(done.status).toBe(204);
    const stem = wav({ seconds: 2 });
    const partial = await tusCreate(t, cookie, stem.length, { projectId, filename: 'Snare.wav' });
    const partialAt = partial.headers.location as string;
    expect((await tusPatch(t, cookie, partialAt, 0, stem.subarray(0, 1000))).status).toBe(204);
    return { projectId, keys: [idOf(done.location!), idOf(partialAt)] };
  }

  beforeAll(async () => {
    ({ t, sink, fake, s3 } = await createTestAppWithStripe({}, { s3: driver === 'S3' }));
  });
  afterAll(() => closeTestApp(t, sink, fake, s3));

  it('rolls every row back when one part of the erasure fails, and keeps the files', async () => {
    const email = 'undecided@example.com';
    const { projectId, keys } = await clientWithFiles(email);
    await t
      .http()
      .post('/api/contact')
      .send({ name: 'Una Decided', email, service: 'mix', message: 'Please mix my single soon.' })
      .expect(201);
    // The last source (blog comments) fails after the others have already written.
    await db().query(`CREATE FUNCTION fail_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await db().query(
      `CREATE TRIGGER fail_erasure BEFORE DELETE ON comments FOR EACH STATEMENT EXECUTE FUNCTION fail_erasure()`,
    );
    try {
      const res = await t
        .http()
        .post('/api/admin/data-requests/erase')
        .set(await auth())
        .send({ email });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.success).toBe(false);
    } finally {
      await db().query(`DROP TRIGGER fail_erasure ON comments`);
      await db().query(`DROP FUNCTION fail_erasure()`);
    }
    const [project] = await db().query(`SELECT customer_email FROM projects WHERE id = $1`, [projectId]);
    expect(project.customer_email).toBe(email);
    expect(await db().query(`SELECT id FROM contacts WHERE email = $1`, [email])).toHaveLength(1);
    expect(await db().query(`SELECT id FROM project_files WHERE project_id = $1`, [projectId])).toHaveLength(
      2,
    );
    for (const key of keys) expect(await held(key)).toBe(true);
  });

  it("deletes the client's files from storage once the rows are erased, and no one else's", async () => {
    const email = 'leaving@example.com';
    const { projectId, keys } = await clientWithFiles(email);
    const other = await clientWithFiles('staying@example.com');
    for (const key of [...keys, ...other.keys]) expect(await held(key)).toBe(true);

    const res = await t
      .http()
      .post('/api/admin/data-requests/erase')
      .set(await auth())
      .send({ email });
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual({ removed: 2, failed: 0 });
    // Two file rows and the sign-in link and session; the project itself is anonymised.
    expect(res.body.erased.projects).toMatchObject({ anonymised: 1 });
    expect(res.body.erased.projects.deleted).toBeGreaterThanOrEqual(2);
    expect(await db().query(`SELECT id FROM project_files WHERE project_id = $1`, [projectId])).toEqual([]);
    for (const key of keys) expect(await held(key)).toBe(false);
    for (const key of other.keys) expect(await held(key)).toBe(true);
    const [entry] = await db().query(
      `SELECT after FROM audit_log WHERE action = 'data.erase' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.after.files).toEqual({ removed: 2, failed: 0 });

    // Erasing again finds nothing and removes nothing.
    const again = await t
      .http()
      .post('/api/admin/data-requests/erase')
      .set(await auth())
      .send({ email });
    expect(again.body.files).toEqual({ removed: 0, failed: 0 });
  });
  it('keeps a file that storage would not remove noted, and the next sweep removes it', async () => {
    const email = 'stubborn@example.com';
    const { keys } = await clientWithFiles(email);
    const storage = t.app.get<ProjectStorage>(PROJECT_STORAGE);
    const remove = storage.remove.bind(storage);
    // Storage refuses every removal (an outage, or a process that died right after the commit).
    storage.remove = () => Promise.reject(new Error('storage is away'));
    let res;
    try {
      res = await t
        .http()
        .post('/api/admin/data-requests/erase')
        .set(await auth())
        .send({ email });
    } finally {
      storage.remove = remove;
    }
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual({ removed: 0, failed: 2 });
    expect(res.body.message).toMatch(/2 stored file\(s\) could not be removed yet and will be retried\.$/);
    const noted = await db().query(`SELECT key, attempts FROM storage_removals ORDER BY key`);
    expect(noted).toEqual([...keys].sort().map((key) => ({ key, attempts: 1 })));
    for (const key of keys) expect(await held(key)).toBe(true);

    const removals = t.app.get(StorageRemovals);
    // Too fresh for the regular sweep; a sweep that takes everything removes both.
    expect(await removals.sweep()).toEqual({ removed: 0, failed: [] });
    expect(await removals.sweep(0)).toEqual({ removed: 2, failed: [] });
    for (const key of keys) expect(await held(key)).toBe(false);
    expect(await db().query(`SELECT key FROM storage_removals`)).toEqual([]);
  });
});
