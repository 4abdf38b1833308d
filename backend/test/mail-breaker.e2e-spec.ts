import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { MAIL_QUEUE } from '../src/mail/mail.constants';
import { MailService } from '../src/mail/mail.service';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';

describe('mail with the SMTP server down (HTTP app, real Bull)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({ MAIL_RETRY_DELAY_MS: '50', MAIL_PROBE_MS: '200' }));
  });
  afterAll(() => closeTestApp(t, sink));

  /**
   * Stops the server, queues `count` mails to `<name><i>@example.com` and waits 3 s: far longer
   * than 8 attempts at a 50 ms backoff would take without the breaker. Returns the most attempts
   * any of them made, with the server still down.
   */
  async function backlogWhileDown(
    name: string,
    count: number,
  ): Promise<{ port: number; maxAttempts: number }> {
    const port = sink.port;
    await sink.stop();
    const mail = t.app.get(MailService);
    const ids = [];
    for (let i = 0; i < count; i++)
      ids.push(
        await mail.enqueue({
          template: 'customer-test',
          to: `${name}${i}@example.com`,
          subject: `${name} ${i}`,
          context: { fromAddress: 'a@b.c', sentAt: 'now' },
          jobId: `${name}-${i}`,
        }),
      );
    await new Promise((r) => setTimeout(r, 3000));
    const attempts = await Promise.all(ids.map(async (id) => (await queue().getJob(id))!.attemptsMade));
    return { port, maxAttempts: Math.max(...attempts) };
  }

  const queue = () => t.app.get<Queue>(getQueueToken(MAIL_QUEUE));

  it('pauses instead of burning attempts, and drains the backlog once the server is back', async () => {
    const { port, maxAttempts } = await backlogWhileDown('backlog', 20);
    expect(await queue().getFailedCount()).toBe(0);
    expect(maxAttempts).toBeLessThanOrEqual(2);

    sink = await SmtpSink.start(port);
    const started = Date.now();
    for (let i = 0; i < 20; i++) await sink.waitForMailsTo(`backlog${i}@example.com`);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await queue().getFailedCount()).toBe(0);
  });

  // Fewer jobs than the worker's slots: the idle slots wait on Bull's blocking fetch, which used
  // to hand a retried job straight to the worker while the breaker had paused the queue.
  it('spends no further attempt on a retried job while the server stays away', async () => {
    const { port, maxAttempts } = await backlogWhileDown('few', 3);
    expect(maxAttempts).toBeLessThanOrEqual(1);
    expect(await queue().getFailedCount()).toBe(0);

    sink = await SmtpSink.start(port);
    for (let i = 0; i < 3; i++) await sink.waitForMailsTo(`few${i}@example.com`);
    expect(await queue().getFailedCount()).toBe(0);
  });
});
