import { DataSource } from 'typeorm';
import { MESSAGES } from '@studio/shared';
import { REFERRAL_MESSAGES } from '../src/referral/referral.service';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { createTestApp, TestApp } from './support/test-app';

interface PaymentRow {
  id: number;
  kind: string;
  amount: number;
  currency: string;
  status: string;
  service_id: number | null;
  stripe_payment_intent_id: string | null;
  stripe_checkout_session_id: string | null;
  customer_email: string | null;
  referral_code: string | null;
  discount_percent: number | null;
  metadata: Record<string, unknown>;
}

describe('payments: catalogue, deposits and plan bookings (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let db: DataSource;
  let oddId: number;
  let mixId: number;

  const payment = async (id: number): Promise<PaymentRow> =>
    (await db.query(`SELECT * FROM payments WHERE id = $1`, [id]))[0];
  const lastIntentRequest = () => fake.requestsTo('/v1/payment_intents', 'POST').at(-1)!;
  const lastSessionRequest = () => fake.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({ ...fakeStripeEnv(fake), PUBLIC_URL: 'https://studio.example' });
    db = t.app.get(DataSource);
    [{ id: oddId }] = await db.query(
      `INSERT INTO production_services (name, description, price, type) VALUES ('Odd Test Service', 'A service with an odd price.', 4999, 'test') RETURNING id`,
    );
    await db.query(
      `INSERT INTO production_services (name, description, price, type, is_active) VALUES ('Retired Service', 'No longer offered to anyone.', 1000, 'test', false)`,
    );
    [{ id: mixId }] = await db.query(`SELECT id FROM production_services WHERE name = 'Mix'`);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  describe('catalogue', () => {
    it('lists the active services with their prices in pence, as the launch migration seeded them', async () => {
      const res = await t.http().get('/api/services').expect(200);
      expect(res.body.success).toBe(true);
      const byName = Object.fromEntries(
        res.body.services.map((s: { name: string; price: number }) => [s.name, s.price]),
      );
      expect(byName).toMatchObject({
        Mix: 6000,
        'Mix & Master': 8000,
        Master: 4000,
        '5 Songs Mix & Master': 30000,
      });
      expect(byName['Retired Service']).toBeUndefined();
      const mix = res.body.services.find((s: { name: string }) => s.name === 'Mix');
      expect(mix).toEqual({
        id: mixId,
        name: 'Mix',
        price: 6000,
        description: expect.any(String),
        serviceType: 'mixing',
        type: 'mixing',
        revisions: '2 revisions',
        badge: null,
        features: expect.arrayContaining(['Up to 40 stems']),
        compareAtPrice: null,
        isBulkDeal: false,
        onHome: true,
        sortOrder: 10,
      });
    });

    it('shows one service with its deposit in pounds, rounded down to the penny', async () => {
      const odd = await t.http().get(`/api/services/${oddId}`).expect(200);
      expect(odd.body).toEqual({
        success: true,
        service: {
          id: oddId,
          name: 'Odd Test Service',
          description: 'A service with an odd price.',
          serviceType: 'test',
          price: 4999,
          depositAmount: 24.99,
        },
      });
      const mix = await t.http().get(`/api/services/${mixId}`).expect(200);
      expect(mix.body.service.depositAmount).toBe(30);
    });

    it('answers an unknown or inactive id with 404 and a malformed one with 400', async () => {
      for (const id of ['999999', '99999999999999', '0']) {
        const res = await t.http().get(`/api/services/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          message: 'Service not found.',
          code: 'SERVICE_NOT_FOUND',
        });
      }
      const [{ id: retired }] = await db.query(
        `SELECT id FROM production_services WHERE name = 'Retired Service'`,
      );
      expect((await t.http().get(`/api/services/${retired}`)).status).toBe(404);
      for (const id of ['abc', '1.5']) {
        const res = await t.http().get(`/api/services/${id}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'INVALID_SERVICE_ID' });
      }
    });
  });

  it('tells the pages that payments are configured, with the publishable key', async () => {
    const res = await t.http().get('/api/payments/config').expect(200);
    expect(res.body).toEqual({ success: true, configured: true, publishableKey: 'pk_test_x' });
  });

  describe('POST /api/create-payment-intent', () => {
    it('charges half of an odd price rounded down, and writes the payment row', async () => {
      const res = await t
        .http()
        .post('/api/create-payment-intent')
        .send({ serviceId: oddId, amount: 24.99, metadata: { service_name: 'Odd Test Service' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        clientSecret: expect.stringMatching(/^pi_.+_secret_/),
        paymentId: expect.any(Number),
        amount: 2499,
      });

      const sent = lastIntentRequest();
      expect(sent.body).toMatchObject({
        amount: '2499',
        currency: 'gbp',
        automatic_payment_methods: { enabled: 'true' },
        metadata: {
          payment_id: String(res.body.paymentId),
          kind: 'deposit',
          service_id: String(oddId),
          service_name: 'Odd Test Service',
        },
      });
      expect(sent.idempotencyKey).toBe(`pi-${res.body.paymentId}`);
      expect(sent.authorization).toBe('Bearer sk_test_x');

      const row = await payment(res.body.paymentId);
      expect(row).toMatchObject({
        kind: 'deposit',
        amount: 2499,
        currency: 'gbp',
        status: 'pending',
        service_id: oddId,
      });
      expect(row.stripe_payment_intent_id).toBe(res.body.clientSecret.split('_secret_')[0]);
      expect(row.metadata).toMatchObject({ serviceName: 'Odd Test Service', remainingPence: 2500 });
    });

    it('ignores the amount and name the client sends with a service', async () => {
      for (const amount of [0.5, 999999, 'abc', -3]) {
        const res = await t
          .http()
          .post('/api/create-payment-intent')
          .send({ serviceId: mixId, amount, metadata: { service_name: 'Cheap stuff' } });
        expect(res.status).toBe(200);
        expect(res.body.amount).toBe(3000);
        expect(lastIntentRequest().body).toMatchObject({
          amount: '3000',
          metadata: { service_name: 'Mix', kind: 'deposit' },
        });
      }
    });

    it('refuses an unknown or inactive service', async () => {
      const [{ id: retired }] = await db.query(
        `SELECT id FROM production_services WHERE name = 'Retired Service'`,
      );
      for (const serviceId of [424242, retired]) {
        const res = await t.http().post('/api/create-payment-intent').send({ serviceId, amount: 30 });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: 'Unknown service', code: 'UNKNOWN_SERVICE' });
      }
    });

    it('takes a custom amount in pounds from £1 to £5,000 with at most two decimals', async () => {
      const before = fake.requestsTo('/v1/payment_intents', 'POST').length;
      const expectRefused = async (amount: unknown, message: string) => {
        const res = await t.http().post('/api/create-payment-intent').send({ amount });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, message });
      };
      await expectRefused(0.99, 'The amount must be between £1 and £5,000.');
      await expectRefused(5000.01, 'The amount must be between £1 and £5,000.');
      await expectRefused(10.123, 'The amount can have at most two decimal places.');
      await expectRefused('abc', 'The amount must be a number in pounds.');
      await expectRefused(undefined, 'The amount must be a number in pounds.');
      expect(fake.requestsTo('/v1/payment_intents', 'POST').length).toBe(before);

      for (const [pounds, pence] of [
        [1, 100],
        [5000, 500000],
        [19.99, 1999],
      ]) {
        const res = await t.http().post('/api/create-payment-intent').send({ amount: pounds });
        expect(res.status).toBe(200);
        expect(res.body.amount).toBe(pence);
        expect(lastIntentRequest().body).toMatchObject({
          amount: String(pence),
          currency: 'gbp',
          metadata: { kind: 'custom', service_name: 'Custom Payment' },
        });
        expect(await payment(res.body.paymentId)).toMatchObject({
          kind: 'custom',
          amount: pence,
          service_id: null,
          status: 'pending',
        });
      }
    });

    it('keeps the pending payment row when Stripe fails, and says so clearly', async () => {
      fake.failWith(500);
      try {
        const res = await t
          .http()
          .post('/api/create-payment-intent')
          .send({ serviceId: mixId, amount: 30, email: 'kept@example.com' });
        expect(res.status).toBe(502);
        expect(res.body).toEqual({
          success: false,
          message: 'The payment provider could not set up this payment. Please try again later.',
          code: 'PAYMENT_PROVIDER_ERROR',
        });
      } finally {
        fake.failWith(null);
      }
      const [row] = await db.query(`SELECT * FROM payments WHERE customer_email = 'kept@example.com'`);
      expect(row).toMatchObject({
        kind: 'deposit',
        amount: 3000,
        status: 'pending',
        stripe_payment_intent_id: null,
      });
      expect(row.metadata.stripeError).toEqual(expect.any(String));
    });

    it('reports an intent’s status from Stripe to the result page', async () => {
      const created = await t
        .http()
        .post('/api/create-payment-intent')
        .send({ serviceId: mixId, amount: 30 })
        .expect(200);
      const intentId = created.body.clientSecret.split('_secret_')[0];
      fake.setIntentStatus(intentId, 'succeeded');
      const res = await t.http().get('/api/payments/intent-status').query({
        payment_intent: intentId,
        payment_intent_client_secret: created.body.clientSecret,
        redirect_status: 'succeeded',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        id: intentId,
        status: 'succeeded',
        amount: 3000,
        currency: 'gbp',
      });

      // The intent id alone (it shows up in receipts and logs) reveals nothing.
      for (const secret of [undefined, `${intentId}_secret_guess`]) {
        const res = await t
          .http()
          .get('/api/payments/intent-status')
          .query({ payment_intent: intentId, payment_intent_client_secret: secret });
        expect(res.status).toBe(secret ? 404 : 400);
        expect(res.body.success).toBe(false);
        expect(JSON.stringify(res.body)).not.toContain('succeeded');
      }

      const missing = await t.http().get('/api/payments/intent-status').query({
        payment_intent: 'pi_doesnotexist',
        payment_intent_client_secret: 'pi_doesnotexist_secret_x',
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, code: 'PAYMENT_NOT_FOUND' });
      const malformed = await t
        .http()
        .get('/api/payments/intent-status')
        .query({ payment_intent: '../v1/customers', payment_intent_client_secret: 'x' });
      expect(malformed.status).toBe(400);
    });
  });

  describe('POST /api/create-checkout-session', () => {
    const generateCode = async (email: string): Promise<string> => {
      const res = await t.http().post('/api/referral/generate').send({ email });
      expect(res.status).toBeLessThan(300);
      return res.body.referralCode.code;
    };

    it('books a plan for the 50% deposit of its catalogue price, with the return URLs of the site', async () => {
      const res = await t.http().post('/api/create-checkout-session').send({ serviceName: 'Mix & Master' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
        sessionId: expect.any(String),
        paymentId: expect.any(Number),
      });
      const sent = lastSessionRequest();
      expect(sent.body).toMatchObject({
        mode: 'payment',
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'gbp',
              unit_amount: '4000',
              product_data: { name: 'Mix & Master — 50% deposit' },
            },
          },
        ],
        success_url:
          'https://studio.example/success?session_id={CHECKOUT_SESSION_ID}&service=Mix%20%26%20Master',
        cancel_url: 'https://studio.example/services-checkout',
        metadata: { payment_id: String(res.body.paymentId), service: 'Mix & Master' },
      });
      expect(sent.body.customer_email).toBeUndefined();
      expect(sent.idempotencyKey).toBe(`cs-${res.body.paymentId}`);
      expect(sent.body).toMatchObject({
        line_items: [
          {
            price_data: {
              product_data: {
                description: expect.stringMatching(/The remaining £40 is invoiced on completion\.$/),
              },
            },
          },
        ],
      });
      expect(await payment(res.body.paymentId)).toMatchObject({
        kind: 'plan',
        amount: 4000,
        status: 'pending',
        stripe_checkout_session_id: res.body.sessionId,
        referral_code: null,
        metadata: { serviceName: 'Mix & Master', listPricePence: 8000, remainingPence: 4000 },
      });
    });

    it('refuses a name that is not in the catalogue', async () => {
      for (const serviceName of ['Platinum', 'mix', 'Retired Service']) {
        const res = await t.http().post('/api/create-checkout-session').send({ serviceName });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: 'Unknown service' });
      }
    });

    it('applies a valid referral code’s discount to the price, then takes half as the deposit', async () => {
      const code = await generateCode('referrer@example.com');
      const res = await t
        .http()
        .post('/api/create-checkout-session')
        .send({ serviceName: 'Mix & Master', referralCode: code, email: 'friend@example.com' });
      expect(res.status).toBe(200);
      const sent = lastSessionRequest();
      expect(sent.body).toMatchObject({
        // £80 less 10% is £72; the deposit is half of that.
        line_items: [{ price_data: { unit_amount: '3600' } }],
        customer_email: 'friend@example.com',
        metadata: { referral_code: code, email: 'friend@example.com', discount_percent: '10' },
      });
      expect(await payment(res.body.paymentId)).toMatchObject({
        amount: 3600,
        metadata: expect.objectContaining({ listPricePence: 8000, remainingPence: 3600 }),
        referral_code: code,
        discount_percent: 10,
        customer_email: 'friend@example.com',
      });
    });

    it('refuses an invalid code with the referral service’s message', async () => {
      const before = fake.requestsTo('/v1/checkout/sessions').length;
      const res = await t
        .http()
        .post('/api/create-checkout-session')
        .send({ serviceName: 'Mix', referralCode: 'NOPE1234', email: 'friend@example.com' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 'INVALID_REFERRAL_CODE',
        message: REFERRAL_MESSAGES.unknown,
      });
      expect(fake.requestsTo('/v1/checkout/sessions').length).toBe(before);
    });

    it('needs an email to use a referral code, and treats empty fields as not given', async () => {
      const code = await generateCode('someone@example.com');
      for (const email of [undefined, '', '   ']) {
        const res = await t
          .http()
          .post('/api/create-checkout-session')
          .send({ serviceName: 'Mix', referralCode: code, email });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: MESSAGES.referralEmailRequired,
          code: 'REFERRAL_EMAIL_REQUIRED',
        });
      }
      const plain = await t
        .http()
        .post('/api/create-checkout-session')
        .send({ serviceName: 'Mix', referralCode: '', email: '' });
      expect(plain.status).toBe(200);
      expect(lastSessionRequest().body).toMatchObject({
        line_items: [{ price_data: { unit_amount: '3000' } }],
      });
    });
  });
});

describe('payments when Stripe is not configured (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every payment call with 503 and says so in the config', async () => {
    const expected = {
      success: false,
      message: 'Payments are not configured',
      code: 'PAYMENTS_NOT_CONFIGURED',
    };
    const calls = [
      t.http().post('/api/create-payment-intent').send({ amount: 10 }),
      t.http().post('/api/create-payment-intent').send({ nonsense: true }),
      t.http().post('/api/create-checkout-session').send({ serviceName: 'Mix' }),
      t.http().post('/api/stripe/webhook').set('stripe-signature', 't=1,v1=x').send({ id: 'evt_1' }),
      t.http().get('/api/payments/intent-status').query({ payment_intent: 'pi_123' }),
    ];
    for (const call of calls) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body).toEqual(expected);
    }
    const config = await t.http().get('/api/payments/config').expect(200);
    expect(config.body).toEqual({ success: true, configured: false, publishableKey: null });
    // The catalogue does not depend on Stripe.
    expect((await t.http().get('/api/services')).status).toBe(200);
  });
});
