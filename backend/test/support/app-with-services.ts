/**
 * The app as most HTTP tests boot it: mailing to a fresh SmtpSink (a failed send is retried after
 * 200 ms) and, for the paid flows, charging a fresh fake Stripe (storing project files on a fake
 * S3 when asked). `env` adds to or overrides the environment, as for createTestApp.
 */
import { FakeS3, startFakeS3 } from './fake-s3';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './fake-stripe';
import { SmtpSink } from './smtp-sink';
import { createTestApp, TestApp } from './test-app';

type Env = Record<string, string | undefined>;

export async function createTestAppWithSink(env: Env = {}): Promise<{ t: TestApp; sink: SmtpSink }> {
  const sink = await SmtpSink.start();
  const t = await createTestApp({ SMTP_URL: sink.url, MAIL_RETRY_DELAY_MS: '200', ...env });
  return { t, sink };
}

export async function createTestAppWithStripe(
  env: Env = {},
  { s3: withS3 = false } = {},
): Promise<{ t: TestApp; sink: SmtpSink; fake: FakeStripe; s3: FakeS3 | undefined }> {
  const fake = await startFakeStripe();
  const sink = await SmtpSink.start();
  const s3 = withS3 ? await startFakeS3() : undefined;
  const t = await createTestApp({
    ...fakeStripeEnv(fake),
    ...(s3 ? s3.env() : {}),
    SMTP_URL: sink.url,
    MAIL_RETRY_DELAY_MS: '200',
    ...env,
  });
  return { t, sink, fake, s3 };
}

/**
 * Closes the app first (its workers stop sending), then each service, in the order given; what
 * never started (a failed beforeAll) is skipped.
 */
export async function closeTestApp(
  t: TestApp | undefined,
  ...services: (SmtpSink | FakeStripe | FakeS3 | undefined)[]
): Promise<void> {
  await t?.close();
  for (const service of services) {
    if (service instanceof SmtpSink) await service.stop();
    else await service?.close();
  }
}
