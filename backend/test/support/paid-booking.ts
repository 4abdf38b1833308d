/**
 * Books and "pays" a service the way a client does: the checkout API creates the payment on the
 * fake Stripe, then a signed webhook settles it. Returns the project the webhook opened.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { FAKE_STRIPE_WEBHOOK_SECRET, FakeStripe } from './fake-stripe';
import { TestApp } from './test-app';
import { SmtpSink } from './smtp-sink';

const signer = new Stripe('sk_test_x');

export async function sendWebhook(t: TestApp, type: string, object: Record<string, unknown>, id?: string) {
  const payload = JSON.stringify({
    id: id ?? `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2025-08-27.basil',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return t
    .http()
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set(
      'stripe-signature',
      signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET }),
    )
    .send(payload);
}

/** A paid deposit for `service` (a production_services name) by `email`; returns payment and intent. */
export async function payDeposit(t: TestApp, fake: FakeStripe, email: string, service = 'Mix') {
  const db = t.app.get(DataSource);
  const [{ id: serviceId }] = await db.query(`SELECT id FROM production_services WHERE name = $1`, [service]);
  const res = await t.http().post('/api/create-payment-intent').send({ serviceId, amount: 30, email });
  if (res.status !== 200) throw new Error(`payment intent: ${res.status} ${JSON.stringify(res.body)}`);
  const intent = fake.paymentIntents.get(res.body.clientSecret.split('_secret_')[0]) as {
    id: string;
    amount: number;
  };
  const succeeded = { ...intent, status: 'succeeded', amount_received: intent.amount };
  return { paymentId: res.body.paymentId as number, intent: succeeded };
}

/** Pays a deposit, settles it by webhook and returns the project id it opened. */
export async function paidProject(
  t: TestApp,
  fake: FakeStripe,
  email: string,
  service = 'Mix',
): Promise<string> {
  const { paymentId, intent } = await payDeposit(t, fake, email, service);
  const res = await sendWebhook(t, 'payment_intent.succeeded', intent);
  if (res.status !== 200) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
  const rows: { id: string }[] = await t.app
    .get(DataSource)
    .query(`SELECT id FROM projects WHERE payment_id = $1`, [paymentId]);
  if (!rows[0]) throw new Error('the webhook opened no project');
  return rows[0].id;
}

/** The sign-in token of the newest mail to `email` carrying one, once `count` such mails arrived. */
export async function signInToken(sink: SmtpSink, email: string, count = 1): Promise<string> {
  const tokenOf = (text: string | undefined) => /#token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  const withToken = () => sink.to(email).filter((m) => tokenOf(m.parsed.text));
  await sink.waitFor(() => withToken().length >= count, 15_000, `a sign-in link to ${email}`);
  return tokenOf(withToken().at(-1)!.parsed.text)!;
}

/** Signs in with a token and returns the portal cookie header value. */
export async function portalCookie(t: TestApp, token: string): Promise<string> {
  const res = await t.http().post('/api/portal/session').send({ token });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('portal_session='));
  if (!cookie) throw new Error('no portal cookie');
  return cookie.split(';')[0];
}
