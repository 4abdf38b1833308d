import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { installGracefulShutdown } from '../src/health/lifecycle';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

const TOKEN = 'metrics-token-0123456789';

/** A request on a fresh connection (no pooled keep-alive socket), answered or refused. */
function get(port: number, path: string): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

/** Health for orchestrators, the worker's closed door and the drain on SIGTERM (issue 28, item 4). */
describe('health, roles and graceful drain (HTTP)', () => {
  describe('ROLE=all', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers live without consulting anything, and ready with the database, Redis, storage and queues', async () => {
      const live = await t.http().get('/api/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({ status: 'ok', role: 'all' });
      const ready = await t.http().get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ok');
      expect(Object.keys(ready.body.info)).toEqual(['database', 'redis', 'storage', 'queues']);
      expect(ready.body.info.storage).toMatchObject({ status: 'up', kind: 'local' });
      expect(ready.body.info.queues.mail).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    });
  });

  describe('ROLE=api with unreachable storage', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        ROLE: 'api',
        STORAGE_URL: 's3://studio-files?endpoint=http://127.0.0.1:9&region=us-east-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      });
    });
    afterAll(() => t.close());

    it('is live but not ready, naming the storage in the one error shape', async () => {
      expect((await t.http().get('/api/health/live')).status).toBe(200);
      const ready = await t.http().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        success: false,
        message: expect.stringMatching(/^Not ready: storage \(.+\) unreachable\.$/),
        code: 'NOT_READY',
      });
      expect(ready.body.message).not.toMatch(/database|redis/);
    });
  });

  describe('ROLE=worker', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ROLE: 'worker', METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());

    it('serves health and metrics only: no API, no pages, no files', async () => {
      const ready = await t.http().get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(Object.keys(ready.body.info)).toContain('queues');
      expect((await t.http().get('/metrics').set('authorization', `Bearer ${TOKEN}`)).status).toBe(200);
      for (const path of [
        '/api/blog/posts',
        '/api/services',
        '/',
        '/blog',
        '/uploads/x.png',
        '/admin/queues',
      ]) {
        const res = await t.http().get(path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      expect((await t.http().post('/api/contact').send({})).status).toBe(404);
    });
  });

  describe('SIGTERM', () => {
    let t: TestApp;
    let sink: SmtpSink;
    let uninstall: () => void;
    beforeAll(async () => {
      ({ t, sink } = await createTestAppWithSink());
    });
    afterAll(async () => {
      uninstall?.();
      await closeTestApp(t, sink);
    });

    it('stops accepting, finishes the request and the mail in flight, then exits 0', async () => {
      await t.app.listen(0, '127.0.0.1');
      const port = (t.app.getHttpServer().address() as AddressInfo).port;
      let exitCode: number | undefined;
      const exited = new Promise<void>((resolve) => {
        uninstall = installGracefulShutdown(t.app, {
          signals: ['SIGUSR2'],
          exit: (code) => {
            exitCode = code;
            resolve();
          },
        });
      });

      // A mail in flight: the SMTP server has the message and takes 1.5 s to accept it.
      sink.acceptDelayMs = 1500;
      const contact = await t.http().post('/api/contact').send({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        service: 'mix-master',
        message: 'Hi! I have a six-track EP that needs mixing and mastering.',
      });
      expect(contact.status).toBe(201);
      await sink.waitFor((mails) => mails.length >= 1);

      // A request in flight: its body arrives in two halves, the second after the signal.
      const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password-1' });
      const slow = new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/login',
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 700);
      });
      await new Promise((r) => setTimeout(r, 100));

      process.emit('SIGUSR2', 'SIGUSR2');
      await new Promise((r) => setTimeout(r, 100));
      expect(await get(port, '/api/health/live')).toEqual({ error: 'ECONNREFUSED' });
      expect(exitCode).toBeUndefined();

      expect(await slow).toBe(401);
      await exited;
      expect(exitCode).toBe(0);
      // The drain closed the application; the harness only has to drop its database.
      t.app.close = () => Promise.resolve();

      // The mail the server was accepting when the signal came was recorded as sent.
      const db = new Client({ connectionString: t.config.databaseUrl });
      await db.connect();
      try {
        const rows: { job_id: string; sent_at: Date | null }[] = await db
          .query('SELECT job_id, sent_at FROM mail_messages')
          .then((r) => r.rows);
        const delivered = sink.mails.map((m) => m.parsed.messageId);
        expect(delivered.length).toBeGreaterThanOrEqual(1);
        const matched = rows.filter((r) => delivered.includes(`<${r.job_id}@localhost>`));
        expect(matched.length).toBe(delivered.length);
        for (const row of matched) expect([row.job_id, row.sent_at]).toEqual([row.job_id, expect.any(Date)]);
      } finally {
        await db.end();
      }
    });
  });
});
