import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { REFERRAL_MESSAGES } from '../src/referral/referral.service';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { sendWebhook } from './support/paid-booking';
import { closeTestApp } from './support/app-with-services';
import { createTestApp, TestApp } from './support/test-app';

describe('referral abuse (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let db: DataSource;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
    db = t.app.get(DataSource);
  });
  afterAll(() => closeTestApp(t, fake));

  const generate = async (email: string) => {
    const res = await t.http().post('/api/referral/generate').send({ email });
    expect(res.status).toBe(201);
    return res.body.referralCode.code as string;
  };
  const checkout = (referralCode: string, email: string) =>
    t.http().post('/api/create-checkout-session').send({ serviceName: 'Mix', referralCode, email });
  const webhook = (type: string, object: Record<string, unknown>) => sendWebhook(t, type, object);

  it("refuses a code for its owner's own email", async () => {
    const code = await generate('owner@example.com');
    const res = await checkout(code, ' Owner@Example.com ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'OWN_REFERRAL_CODE',
      message: REFERRAL_MESSAGES.own,
    });
  });

  it('opens one discounted checkout per code at a time, and frees the code when that checkout expires', async () => {
    const code = await generate('referrer@example.com');
    const answers = await Promise.all([1, 2, 3].map((i) => checkout(code, `friend${i}@example.com`)));
    const opened = answers.filter((r) => r.status === 200);
    expect(opened).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, code: 'REFERRAL_CODE_RESERVED' });
    }
    const validate = await t.http().post('/api/referral/validate').send({ code });
    expect(validate.body).toMatchObject({ valid: false, message: REFERRAL_MESSAGES.reserved });
    // Only the winner's payment row remains; the refused ones rolled back.
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM payments WHERE referral_code = $1`, [code]))[0].n,
    ).toBe(1);

    const session = fake.checkoutSessions.get(opened[0].body.sessionId)!;
    const asked = fake.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!;
    expect(Number(asked.body.expires_at)).toBeGreaterThan(Date.now() / 1000 + 30 * 60);
    const expired = await webhook('checkout.session.expired', { ...session, status: 'expired' });
    expect(expired.status).toBe(200);
    const [payment] = await db.query(`SELECT status, metadata FROM payments WHERE id = $1`, [
      opened[0].body.paymentId,
    ]);
    expect(payment.status).toBe('failed');
    expect(payment.metadata.closedReason).toBe('checkout_expired');

    const again = await checkout(code, 'friend2@example.com');
    expect(again.status).toBe(200);
    // The completed checkout redeems the code it holds.
    const s2 = fake.checkoutSessions.get(again.body.sessionId)!;
    const done = await webhook('checkout.session.completed', {
      ...s2,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${randomBytes(6).toString('hex')}`,
      customer_details: { email: 'friend2@example.com', name: 'Friend Two' },
    });
    expect(done.status).toBe(200);
    const [row] = await db.query(
      `SELECT is_used, used_by, reserved_by_payment_id FROM referral_codes WHERE code = $1`,
      [code],
    );
    expect(row).toEqual({ is_used: true, used_by: 'friend2@example.com', reserved_by_payment_id: null });

    // The list shows the code as used, never who used it.
    const list = await t.http().get('/api/referral/list?email=referrer@example.com');
    expect(list.status).toBe(200);
    expect(list.body.referralCodes).toEqual([expect.objectContaining({ code, isUsed: true, usedBy: null })]);
    expect(JSON.stringify(list.body)).not.toContain('friend2@example.com');
  });

  it('refuses a customer who has already booked', async () => {
    await db.query(
      `INSERT INTO payments (kind, amount, currency, status, customer_email, metadata)
       VALUES ('plan', 3000, 'gbp', 'succeeded', 'regular@example.com', '{}')`,
    );
    const code = await generate('another-referrer@example.com');
    const res = await checkout(code, 'REGULAR@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'REFERRAL_NEW_CUSTOMERS_ONLY',
      message: REFERRAL_MESSAGES.newCustomersOnly,
    });
    const validate = await t.http().post('/api/referral/validate').send({ code });
    expect(validate.body.valid).toBe(true);
  });

  it('records a dispute on the payment without changing its status', async () => {
    const intentId = `pi_${randomBytes(6).toString('hex')}`;
    const [{ id }] = await db.query(
      `INSERT INTO payments (kind, amount, currency, status, customer_email, stripe_payment_intent_id, metadata)
       VALUES ('plan', 3000, 'gbp', 'succeeded', 'disputer@example.com', $1, '{}') RETURNING id`,
      [intentId],
    );
    const res = await webhook('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: intentId,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: 3000,
    });
    expect(res.status).toBe(200);
    const [row] = await db.query(`SELECT status, metadata FROM payments WHERE id = $1`, [id]);
    expect(row.status).toBe('succeeded');
    expect(row.metadata.dispute).toEqual({
      id: 'dp_1',
      status: 'needs_response',
      reason: 'fraudulent',
      amount: 3000,
    });
  });
});
