import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { MailService } from '../src/mail/mail.service';
import { REFERRAL_MESSAGES } from '../src/referral/referral.service';
import {
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeEnv,
  FakeStripe,
  startFakeStripe,
} from './support/fake-stripe';
import { adminToken, createTestApp, TestApp } from './support/test-app';

const signer = new Stripe('sk_test_x');
const eventId = () => `evt_test_${randomBytes(8).toString('hex')}`;

describe('Stripe webhook (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let db: DataSource;
  let enqueue: jest.SpyInstance;
  let mixId: number;

  const payment = async (id: number) => (await db.query(`SELECT * FROM payments WHERE id = $1`, [id]))[0];

  const post = (payload: string, signature?: string) => {
    const req = t.http().post('/api/stripe/webhook').set('content-type', 'application/json');
    if (signature !== undefined) req.set('stripe-signature', signature);
    return req.send(payload);
  };

  const send = (type: string, object: Record<string, unknown>, id = eventId()) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-08-27.basil',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return post(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET }),
    );
  };

  /** A deposit for Mix through the API, as the checkout page makes it. */
  const depositIntent = async (email?: string) => {
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({ serviceId: mixId, amount: 30, email });
    expect(res.status).toBe(200);
    const intent = fake.paymentIntents.get(res.body.clientSecret.split('_secret_')[0]) as {
      id: string;
      amount: number;
    };
    return {
      paymentId: res.body.paymentId as number,
      intent: { ...intent, status: 'succeeded', amount_received: intent.amount },
    };
  };

  const planSession = async (body: Record<string, string>) => {
    const res = await t.http().post('/api/create-checkout-session').send(body);
    expect(res.status).toBe(200);
    const session = fake.checkoutSessions.get(res.body.sessionId)!;
    const completed = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_fromsession${randomBytes(6).toString('hex')}`,
      customer_details: { email: body.email ?? 'booker@example.com', name: 'Jo Booker' },
    };
    return { paymentId: res.body.paymentId as number, session: completed };
  };

  const generateCode = async (email: string): Promise<string> => {
    const res = await t.http().post('/api/referral/generate').send({ email });
    expect(res.status).toBeLessThan(300);
    return res.body.referralCode.code;
  };

  const mailsTo = (paymentId: number) =>
    enqueue.mock.calls
      .map(([job]) => job)
      .filter((job: { jobId?: string }) => job.jobId?.startsWith(`payment-${paymentId}-`));

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
    db = t.app.get(DataSource);
    [{ id: mixId }] = await db.query(`SELECT id FROM production_services WHERE name = 'Mix'`);
    enqueue = jest
      .spyOn(t.app.get(MailService), 'enqueue')
      .mockImplementation(async (job) => job.jobId ?? 'job');
  });
  afterAll(async () => {
    enqueue.mockRestore();
    await t.close();
    await fake.close();
  });

  it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
    const { paymentId, intent } = await depositIntent();
    const id = eventId();
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
      timestamp: 1_000_000,
    });
    for (const signature of [undefined, '', 'garbage', forged, stale]) {
      const res = await post(payload, signature);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    }
    // A body changed after signing fails too.
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
    expect((await post(payload.replace('succeeded', 'succeeded '), signed)).status).toBe(400);
    expect((await payment(paymentId)).status).toBe('pending');
    expect(await db.query(`SELECT id FROM stripe_events WHERE id = $1`, [id])).toEqual([]);
  });

  it('settles a deposit once, however often the same event arrives', async () => {
    const { paymentId, intent } = await depositIntent('customer@example.com');
    const id = eventId();
    const first = await send('payment_intent.succeeded', intent, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, received: true });
    const settled = await payment(paymentId);
    expect(settled.status).toBe('succeeded');

    const again = await send('payment_intent.succeeded', intent, id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, received: true, duplicate: true });
    const concurrent = await Promise.all([1, 2, 3].map(() => send('payment_intent.succeeded', intent, id)));
    expect(concurrent.map((r) => r.body.duplicate)).toEqual([true, true, true]);
    expect((await payment(paymentId)).updated_at).toEqual(settled.updated_at);

    const mails = mailsTo(paymentId);
    expect(mails).toHaveLength(2);
    expect(mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          template: 'payment-confirmation',
          to: 'customer@example.com',
          jobId: `payment-${paymentId}-confirmation`,
          context: expect.objectContaining({
            serviceName: 'Mix',
            amountFormatted: '£30',
            transactionId: intent.id,
            remainingFormatted: '£30',
          }),
        }),
        expect.objectContaining({
          template: 'payment-admin',
          to: 'admin@localhost',
          jobId: `payment-${paymentId}-admin`,
        }),
      ]),
    );
    expect(await db.query(`SELECT type, payment_id FROM stripe_events WHERE id = $1`, [id])).toEqual([
      { type: 'payment_intent.succeeded', payment_id: paymentId },
    ]);
  });

  it('settles nothing for an amount or currency other than what is owed, and flags it to staff', async () => {
    const token = await adminToken(t);
    const issues = async () =>
      (await t.http().get('/api/admin/payments/issues').set('authorization', `Bearer ${token}`)).body
        .items as {
        id: number;
        kind: string;
        paymentId: number;
        summary: string;
        resolvedAt: string | null;
      }[];

    // A signed event for one penny in US dollars against a £30 deposit.
    const { paymentId, intent } = await depositIntent('penny@example.com');
    const penny = { ...intent, amount: 1, amount_received: 1, currency: 'usd' };
    expect((await send('payment_intent.succeeded', penny)).status).toBe(200);
    expect((await payment(paymentId)).status).toBe('pending');
    expect(await db.query(`SELECT id FROM projects WHERE payment_id = $1`, [paymentId])).toEqual([]);
    expect(mailsTo(paymentId)).toEqual([]);
    // The right amount in the wrong currency is no better.
    await send('payment_intent.succeeded', { ...intent, currency: 'usd' }).expect(200);
    expect((await payment(paymentId)).status).toBe('pending');

    // A hosted plan checkout completed for less than its deposit.
    const plan = await planSession({ serviceName: 'Mix', email: 'cheap@example.com' });
    await send('checkout.session.completed', { ...plan.session, amount_total: 1 }).expect(200);
    expect((await payment(plan.paymentId)).status).toBe('pending');

    const flagged = (await issues()).filter((i) => [paymentId, plan.paymentId].includes(i.paymentId));
    expect(flagged.map((i) => [i.kind, i.paymentId])).toEqual([
      ['amount_mismatch', paymentId],
      ['amount_mismatch', paymentId],
      ['amount_mismatch', plan.paymentId],
    ]);
    expect(flagged[0].summary).toMatch(/0\.01 USD paid for payment #\d+, which owes 30\.00 GBP/);
    // A redelivery flags nothing twice.
    await send('payment_intent.succeeded', penny).expect(200);
    expect((await issues()).filter((i) => i.paymentId === paymentId)).toHaveLength(2);

    // What is owed still settles it; staff resolve the flag.
    await send('payment_intent.succeeded', intent).expect(200);
    expect((await payment(paymentId)).status).toBe('succeeded');
    const resolved = await t
      .http()
      .post(`/api/admin/payments/issues/${flagged[0].id}/resolve`)
      .set('authorization', `Bearer ${token}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.issue.resolvedAt).toEqual(expect.any(String));
    expect((await t.http().get('/api/admin/payments/issues')).status).toBe(401);
  });

  it("counts settled deposits on the admin dashboard's paid-deposits card", async () => {
    const token = await adminToken(t);
    const stats = () =>
      t.http().get('/api/admin/stats/payments').set('authorization', `Bearer ${token}`).expect(200);
    const before = (await stats()).body;
    const { intent } = await depositIntent('stats@example.com');
    expect((await stats()).body).toEqual(before);
    await send('payment_intent.succeeded', intent);
    const after = (await stats()).body;
    expect(after.paidDepositsThisMonth).toBe(before.paidDepositsThisMonth + 1);
    expect(after.paidDepositsAmountThisMonth).toBe(before.paidDepositsAmountThisMonth + 3000);
    await t.http().get('/api/admin/stats/payments').expect(401);
  });

  it('sends only the admin notice when no customer email is known', async () => {
    const { paymentId, intent } = await depositIntent();
    expect((await send('payment_intent.succeeded', intent)).status).toBe(200);
    expect(mailsTo(paymentId).map((m: { template: string }) => m.template)).toEqual(['payment-admin']);
  });

  it('records failures and refunds, and never moves a payment backwards', async () => {
    const { paymentId, intent } = await depositIntent('retry@example.com');
    const failed = {
      ...intent,
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { message: 'Your card was declined.' },
    };
    await send('payment_intent.payment_failed', failed).expect(200);
    expect(await payment(paymentId)).toMatchObject({
      status: 'failed',
      metadata: expect.objectContaining({ lastPaymentError: 'Your card was declined.' }),
    });
    expect(mailsTo(paymentId)).toHaveLength(0);

    // The customer retries with another card: the same intent succeeds.
    await send('payment_intent.succeeded', intent).expect(200);
    expect((await payment(paymentId)).status).toBe('succeeded');
    // A late failure event does not undo it.
    await send('payment_intent.payment_failed', failed).expect(200);
    expect((await payment(paymentId)).status).toBe('succeeded');

    const charge = {
      id: 'ch_test_refund',
      object: 'charge',
      payment_intent: intent.id,
      amount: 3000,
      amount_refunded: 3000,
      refunded: true,
    };
    await send('charge.refunded', charge).expect(200);
    expect(await payment(paymentId)).toMatchObject({
      status: 'refunded',
      metadata: expect.objectContaining({ amountRefunded: 3000 }),
    });
    await send('payment_intent.succeeded', intent).expect(200);
    expect((await payment(paymentId)).status).toBe('refunded');
    expect(mailsTo(paymentId)).toHaveLength(2);
  });

  it('acknowledges event types it does not handle, and payments it does not know', async () => {
    const other = await send('customer.created', { id: 'cus_123', object: 'customer' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ success: true, received: true, ignored: true });
    const stranger = await send('payment_intent.succeeded', {
      id: 'pi_made_elsewhere',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata: {},
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({ success: true, received: true });
  });

  it('completes a plan booking, marks its referral code used and mails the customer', async () => {
    const code = await generateCode('referrer@example.com');
    const { paymentId, session } = await planSession({
      serviceName: 'Mix & Master',
      referralCode: code,
      email: 'friend@example.com',
    });
    const res = await send('checkout.session.completed', session);
    expect(res.status).toBe(200);
    expect(await payment(paymentId)).toMatchObject({
      status: 'succeeded',
      amount: 3600,
      stripe_payment_intent_id: session.payment_intent,
      metadata: expect.objectContaining({ referralOutcome: 'redeemed', customerName: 'Jo Booker' }),
    });
    const validation = await t.http().post('/api/referral/validate').send({ code });
    expect(validation.body.valid).toBe(false);
    const reuse = await t
      .http()
      .post('/api/create-checkout-session')
      .send({ serviceName: 'Mix', referralCode: code, email: 'another@example.com' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      success: false,
      message: REFERRAL_MESSAGES.used,
      code: 'INVALID_REFERRAL_CODE',
    });
    const [confirmation] = mailsTo(paymentId);
    expect(confirmation).toMatchObject({
      template: 'payment-confirmation',
      to: 'friend@example.com',
      // The 50% deposit of the discounted £72, with the other half still to invoice.
      context: {
        serviceName: 'Mix & Master',
        amountFormatted: '£36',
        remainingFormatted: '£36',
        customerName: 'Jo Booker',
      },
    });

    // The PaymentIntent behind the session reports success too: no second status change or mail.
    const intentEvent = {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: 3600,
      amount_received: 3600,
      metadata: { payment_id: String(paymentId) },
    };
    await send('payment_intent.succeeded', intentEvent).expect(200);
    expect(mailsTo(paymentId)).toHaveLength(2);
  });

  it('lets one code be used once when two bookings with it complete at the same moment', async () => {
    const code = await generateCode('popular@example.com');
    const a = await planSession({ serviceName: 'Mix', referralCode: code, email: 'first@example.com' });
    // A checkout holds its code; only once that hold has run out can a second one open with it.
    await db.query(`UPDATE referral_codes SET reserved_until = now() - interval '1 second' WHERE code = $1`, [
      code,
    ]);
    const b = await planSession({ serviceName: 'Master', referralCode: code, email: 'second@example.com' });
    const [ra, rb] = await Promise.all([
      send('checkout.session.completed', a.session),
      send('checkout.session.completed', b.session),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);

    const rows = [await payment(a.paymentId), await payment(b.paymentId)];
    // Both customers paid, so both bookings stand; only one of them used the code.
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect(rows.map((r) => r.metadata.referralOutcome).sort()).toEqual(['already_used', 'redeemed']);
    const list = await t.http().get('/api/referral/list').query({ email: 'popular@example.com' });
    const entry = list.body.referralCodes.find((c: { code: string }) => c.code === code);
    expect(entry.isUsed).toBe(true);
    const winner = rows.find((r) => r.metadata.referralOutcome === 'redeemed');
    expect(entry.usedBy).toBeNull();
    const [stored] = await db.query(`SELECT used_by FROM referral_codes WHERE code = $1`, [code]);
    expect(stored.used_by).toBe(winner.customer_email);
  });

  it('answers 503 when the mails cannot be queued, and queues them on Stripe’s retry', async () => {
    const { paymentId, intent } = await depositIntent('later@example.com');
    const id = eventId();
    enqueue.mockImplementationOnce(async () => {
      throw new Error('template store offline');
    });
    const first = await send('payment_intent.succeeded', intent, id);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ success: false, code: 'MAIL_QUEUE_UNAVAILABLE' });
    expect((await payment(paymentId)).status).toBe('succeeded');

    const retry = await send('payment_intent.succeeded', intent, id);
    expect(retry.body).toEqual({ success: true, received: true, duplicate: true });
    const queued = enqueue.mock.calls.filter(([job]) => job.jobId === `payment-${paymentId}-confirmation`);
    expect(queued).toHaveLength(2); // the failed attempt and the successful one
    expect((await payment(paymentId)).metadata.mailsQueuedAt).toEqual(expect.any(String));
  });
});
