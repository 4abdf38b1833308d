/**
 * Mail jobs carry ids only (issue 16, item 8): the mail is stored in Postgres, the Bull job holds
 * `{ mailId }`, and the worker loads it. Because the stored row knows whether the mail was sent,
 * a job Redis lost (a restart without its data) is queued again and a mail already sent is not
 * sent twice. Also DKIM: with DKIM_* set, every mail carries a signature that verifies.
 */
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { MailService } from '../src/mail/mail.service';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, TestApp } from './support/test-app';

jest.setTimeout(30_000);

const MAIL = {
  template: 'customer-test' as const,
  to: 'private.person@example.com',
  subject: 'Stored, not copied',
  context: { name: 'Private Person', method: 'test', fromAddress: 'x@example.com', sentAt: 'now' },
};

async function backdate(t: TestApp, jobId: string) {
  await t.app
    .get(DataSource)
    .query(`UPDATE mail_messages SET created_at = now() - interval '1 minute' WHERE job_id = $1`, [jobId]);
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('mail jobs carry ids only (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let queue: Queue;
  let mail: MailService;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({ MAIL_RETRY_DELAY_MS: '100' }));
    queue = t.app.get(getQueueToken(MAIL_QUEUE));
    mail = t.app.get(MailService);
  });
  afterAll(() => closeTestApp(t, sink));

  it('puts only the stored mail id in Redis; the worker loads and sends the mail', async () => {
    await queue.pause(true); // keep the job waiting so its Redis hash can be read
    try {
      const id = await mail.enqueue({ ...MAIL, jobId: 'ids-only-1' });
      const raw = JSON.stringify(await queue.client.hgetall(queue.toKey(id)));
      expect(JSON.parse((await queue.client.hget(queue.toKey(id), 'data'))!)).toEqual({
        mailId: 'ids-only-1',
      });
      expect(raw).not.toContain('private.person');
      expect(raw).not.toContain('Private Person');
      expect(raw).not.toContain('Stored, not copied');
    } finally {
      await queue.resume(true);
    }
    const [m] = await sink.waitForMailsTo(MAIL.to);
    expect(m.parsed.subject).toBe(MAIL.subject);
    expect(m.parsed.text).toContain('Private Person');
    await until(
      async () =>
        (
          await t.app.get(DataSource).query(`SELECT sent_at FROM mail_messages WHERE job_id = 'ids-only-1'`)
        )[0]?.sent_at != null,
      'the mail to be recorded as sent',
    );
  });

  it('queues again a stored mail whose job Redis lost, and it is delivered once', async () => {
    await queue.pause(true);
    let id: string;
    try {
      id = await mail.enqueue({ ...MAIL, to: 'lost@example.com', jobId: 'lost-1' });
      // Redis restarted without its data: the job is gone.
      await (await queue.getJob(id))!.remove();
      expect(await queue.getJob(id)).toBeNull();
      await backdate(t, id);
      expect(await mail.requeueLost()).toBe(1);
      expect(await queue.getJob(id)).not.toBeNull();
      // Still held by Bull: nothing is queued twice.
      expect(await mail.requeueLost()).toBe(0);
    } finally {
      await queue.resume(true);
    }
    await sink.waitForMailsTo('lost@example.com');
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.to('lost@example.com')).toHaveLength(1);
  });

  it('requeues more lost mails than a page, stored in one statement (one timestamp), and stops', async () => {
    const db = t.app.get(DataSource);
    await queue.pause(true);
    try {
      // One INSERT: every row has the same created_at, the case that paged forever when the
      // keyset was a millisecond-rounded timestamp (found by the mail benchmark).
      await db.query(
        `INSERT INTO mail_messages (job_id, payload, created_at)
         SELECT 'bulk-' || lpad(n::text, 5, '0'), $1::jsonb, now() - interval '1 minute' FROM generate_series(1, 1200) n`,
        [JSON.stringify({ ...MAIL, to: 'bulk@example.com' })],
      );
      expect(await mail.requeueLost()).toBe(1200);
      expect(await mail.requeueLost()).toBe(0);
    } finally {
      await db.query(`UPDATE mail_messages SET failed_at = now() WHERE job_id LIKE 'bulk-%'`);
      await queue.removeJobs('bulk-*');
      await queue.resume(true);
    }
  });

  it('does not send again a mail already sent when its job comes back', async () => {
    const id = await mail.enqueue({ ...MAIL, to: 'once@example.com', jobId: 'once-1' });
    await sink.waitForMailsTo('once@example.com');
    await until(async () => (await (await queue.getJob(id))?.getState()) === 'completed', 'completion');
    await (await queue.getJob(id))!.remove();
    await backdate(t, id);
    // The sweeper leaves it alone: the store knows it went out.
    expect(await mail.requeueLost()).toBe(0);
    // Even a job queued by hand for it (a replayed outbox row, an old Redis snapshot) sends nothing.
    const job = await queue.add({ mailId: id }, { jobId: id });
    expect(await job.finished()).toMatchObject({ alreadySent: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.to('once@example.com')).toHaveLength(1);
  });

  it('retries alone a mail refused in the middle of a batch; its batch is sent and recorded once', async () => {
    const db = t.app.get(DataSource);
    const to = (i: number) => (i === 7 ? 'flaky@example.com' : `batch${i}@example.com`);
    sink.deferRecipients.set('flaky@example.com', 1);
    await queue.pause(true); // queue them all first, so the worker takes them in batches
    const ids: string[] = [];
    try {
      for (let i = 0; i < 24; i++) ids.push(await mail.enqueue({ ...MAIL, to: to(i), jobId: `batch-${i}` }));
    } finally {
      await queue.resume(true);
    }
    await sink.waitForMailsTo('flaky@example.com');
    await until(
      async () =>
        (
          await db.query(
            `SELECT count(*)::int AS n FROM mail_messages WHERE job_id = ANY($1) AND sent_at IS NOT NULL`,
            [ids],
          )
        )[0].n === ids.length,
      'every mail of the batch to be recorded as sent',
    );
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < ids.length; i++) expect([to(i), sink.to(to(i)).length]).toEqual([to(i), 1]);
    const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
    expect(jobs.map((j) => j!.attemptsMade)).toEqual(ids.map((_, i) => (i === 7 ? 1 : 0)));
    expect(await Promise.all(jobs.map((j) => j!.getState()))).toEqual(ids.map(() => 'completed'));
  });

  it('still sends a job queued before this change with the whole mail in it', async () => {
    const job = await queue.add({ ...MAIL, to: 'legacy@example.com' }, { jobId: 'legacy-1' });
    await job.finished();
    const [m] = await sink.waitForMailsTo('legacy@example.com');
    expect(m.parsed.subject).toBe(MAIL.subject);
  });
});

describe('DKIM signing (HTTP)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Mixdown Studio <hello@studio.example.com>',
      DKIM_DOMAIN: 'studio.example.com',
      DKIM_SELECTOR: 'mail2026',
      // As an env file holds it: one line, literal \n.
      DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n'),
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('signs every mail; the DKIM-Signature verifies with the public key', async () => {
    await t.app.get(MailService).enqueue({ ...MAIL, to: 'signed@example.com', jobId: 'dkim-1' });
    const [m] = await sink.waitForMailsTo('signed@example.com');
    const sig = verifyDkim(m.raw, publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(sig.tags).toMatchObject({ v: '1', a: 'rsa-sha256', d: 'studio.example.com', s: 'mail2026' });
    expect(sig.tags.h.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'to']));
    expect(sig.bodyHashOk).toBe(true);
    expect(sig.signatureOk).toBe(true);
    // The check can fail: a changed subject breaks the signature.
    const tampered = m.raw.replace(/^Subject: .*$/m, 'Subject: Something else');
    expect(
      verifyDkim(tampered, publicKey.export({ type: 'spki', format: 'pem' }).toString()).signatureOk,
    ).toBe(false);
  });

  it('refuses a partial DKIM configuration at boot', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x', DKIM_DOMAIN: 'studio.example.com' }),
    ).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together/);
  });
});

/** RFC 6376 verification for rsa-sha256 with relaxed/relaxed canonicalisation (what nodemailer signs). */
function verifyDkim(raw: string, publicKeyPem: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const headers = headerText
    .split(/\r\n(?![ \t])/)
    .map((line) => ({ name: line.slice(0, line.indexOf(':')), line }));
  const relaxedHeader = (line: string) => {
    const i = line.indexOf(':');
    const value = line
      .slice(i + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return `${line.slice(0, i).trim().toLowerCase()}:${value}`;
  };
  const sigHeader = headers.find((h) => h.name.toLowerCase() === 'dkim-signature');
  if (!sigHeader) throw new Error('no DKIM-Signature header');
  const tags = Object.fromEntries(
    sigHeader.line
      .slice(sigHeader.line.indexOf(':') + 1)
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1).replace(/\s+/g, '')]),
  ) as Record<string, string>;
  expect(tags.c).toBe('relaxed/relaxed');
  // Body: trailing whitespace off each line, runs of whitespace to one space, no empty lines at the end.
  let canonBody = body
    .split('\r\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
    .join('\r\n')
    .replace(/(\r\n)*$/, '');
  if (canonBody) canonBody += '\r\n';
  const bodyHashOk = createHash('sha256').update(canonBody).digest('base64') === tags.bh;
  // Headers in h= order, each the last not-yet-used instance, then the signature with b= empty.
  const used = new Set<number>();
  const signed = tags.h.split(':').map((name) => {
    for (let i = headers.length - 1; i >= 0; i--) {
      if (!used.has(i) && headers[i].name.trim().toLowerCase() === name.trim().toLowerCase()) {
        used.add(i);
        return `${relaxedHeader(headers[i].line)}\r\n`;
      }
    }
    return '';
  });
  const sigWithoutB = relaxedHeader(sigHeader.line.replace(/(\bb=)[^;]*/, '$1'));
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signed.join('') + sigWithoutB);
  const signatureOk = verifier.verify(publicKeyPem, tags.b, 'base64');
  return { tags, bodyHashOk, signatureOk };
}
