import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { payDeposit, sendWebhook } from './support/paid-booking';
import { closeTestApp } from './support/app-with-services';
import { createTestApp, TestApp } from './support/test-app';

const REASON = 'The client cancelled the session.';

describe('Payments ledger and refunds (/api/admin/payments)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let tokens: StaffTokens;
  let db: DataSource;
  const as = () => ({ authorization: `Bearer ${tokens.admin}` });

  const webhook = (type: string, object: Record<string, unknown>) => sendWebhook(t, type, object);

  /** A Mix deposit (£30) paid: created through the API (the shared payDeposit), settled by a signed webhook. */
  const paidDeposit = async (email: string) => {
    const { paymentId, intent } = await payDeposit(t, fake, email);
    fake.setIntentStatus(intent.id, 'succeeded');
    const settled = await webhook('payment_intent.succeeded', fake.paymentIntents.get(intent.id)!);
    expect(settled.status).toBe(200);
    return { paymentId, intentId: intent.id };
  };

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
    db = t.app.get(DataSource);
    tokens = await staffTokens(t, 'pay');
  });
  afterAll(() => closeTestApp(t, fake));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/payments');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/payments?format=csv');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/payments/1');
    await expectAdminOnly(t, tokens, 'post', '/api/admin/payments/1/refund', {});
    // The dashboard's money card too.
    await expectAdminOnly(t, tokens, 'get', '/api/admin/stats/payments');
  });

  it('lists every payment with Stripe links and month totals; refuses unknown filters', async () => {
    const { paymentId, intentId } = await paidDeposit('ledger@example.com');
    const res = await t.http().get('/api/admin/payments?search=ledger%40').set(as());
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: paymentId,
      kind: 'deposit',
      status: 'succeeded',
      amount: 3000,
      refundable: 3000,
      serviceName: 'Mix',
      stripeUrl: `https://dashboard.stripe.com/test/payments/${intentId}`,
    });
    expect(res.body.monthTotals[0]).toMatchObject({ count: 1, gross: 3000, refunded: 0, net: 3000 });
    const month = res.body.monthTotals[0].month as string;
    expect(
      (await t.http().get(`/api/admin/payments?month=${month}&status=succeeded`).set(as())).body.total,
    ).toBe(1);
    expect((await t.http().get('/api/admin/payments?month=2001-01').set(as())).body.total).toBe(0);

    for (const q of ['status=paid', 'kind=gift', 'month=2026-13', 'sort=email', 'format=xml', 'customer=x']) {
      const bad = await t.http().get(`/api/admin/payments?${q}`).set(as());
      expect([q, bad.status, bad.body.success]).toEqual([q, 400, false]);
    }
  });

  it('refunds at most what is left; one refund per request id, whatever the clicks', async () => {
    const { paymentId, intentId } = await paidDeposit('refund@example.com');
    const refund = (body: object) =>
      t.http().post(`/api/admin/payments/${paymentId}/refund`).set(as()).send(body);

    for (const body of [
      { amount: 3001, requestId: randomUUID(), reason: REASON },
      { amount: 0, requestId: randomUUID(), reason: REASON },
      { amount: 10.5, requestId: randomUUID(), reason: REASON },
      { amount: '100', requestId: randomUUID(), reason: REASON },
      { amount: 100 },
      { amount: 100, requestId: 'click-1', reason: REASON },
      { amount: 100, requestId: randomUUID() },
      { amount: 100, requestId: randomUUID(), reason: ' x ' },
      { amount: 100, requestId: randomUUID(), reason: REASON, projectAction: 'delete' },
    ]) {
      const bad = await refund(body);
      expect([JSON.stringify(body), bad.status, bad.body.success]).toEqual([
        JSON.stringify(body),
        400,
        false,
      ]);
    }
    expect((await refund({ amount: 3001, requestId: randomUUID(), reason: REASON })).body.code).toBe(
      'REFUND_TOO_LARGE',
    );

    // A double click on a partial refund: two concurrent POSTs of one request are one refund.
    const first = randomUUID();
    const [a, b] = await Promise.all([
      refund({ amount: 1000, requestId: first, reason: REASON }),
      refund({ amount: 1000, requestId: first, reason: REASON }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const res of [a, b])
      expect(res.body.payment).toMatchObject({
        status: 'partially_refunded',
        amountRefunded: 1000,
        refundable: 2000,
      });
    // The same request once more, later (a retry after a timeout): still the one refund.
    expect(
      (await refund({ amount: 1000, requestId: first, reason: REASON })).body.payment.amountRefunded,
    ).toBe(1000);

    // A new request (the form opened again) for everything left.
    const rest = randomUUID();
    const [c, d] = await Promise.all([
      refund({ requestId: rest, reason: REASON }),
      refund({ requestId: rest, reason: REASON }),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    const mine = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(mine.map((r) => r.amount)).toEqual([1000, 2000]);
    const calls = fake.requestsTo('/v1/refunds', 'POST').filter((r) => r.body.payment_intent === intentId);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([`refund-${first}`, `refund-${rest}`]);

    const [row] = await db.query(`SELECT status, amount_refunded FROM payments WHERE id = $1`, [paymentId]);
    expect(row).toEqual({ status: 'refunded', amount_refunded: 3000 });
    const recorded = await db.query(
      `SELECT request_id, amount FROM payment_refunds WHERE payment_id = $1 ORDER BY id`,
      [paymentId],
    );
    expect(recorded).toEqual([
      { request_id: first, amount: 1000 },
      { request_id: rest, amount: 2000 },
    ]);
    expect((await refund({ requestId: randomUUID(), reason: REASON })).body.code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
    const audit = await db.query(
      `SELECT after FROM audit_log WHERE action = 'payment.refund' AND target_id = $1 ORDER BY id`,
      [String(paymentId)],
    );
    expect(audit.map((a: { after: { amountRefunded: number } }) => a.after.amountRefunded)).toEqual([
      1000, 3000,
    ]);
    expect(
      (
        await t
          .http()
          .post('/api/admin/payments/999999/refund')
          .set(as())
          .send({ requestId: randomUUID(), reason: REASON })
      ).status,
    ).toBe(404);

    // A request id names one refund of one payment: used on another payment, 409.
    const other = await paidDeposit('refund-other@example.com');
    const reused = await t
      .http()
      .post(`/api/admin/payments/${other.paymentId}/refund`)
      .set(as())
      .send({ requestId: first, reason: REASON });
    expect([reused.status, reused.body.code]).toEqual([409, 'REFUND_REQUEST_REUSED']);
  });

  it('shows refunds made in the Stripe dashboard (charge.refunded, partial then full)', async () => {
    const { paymentId, intentId } = await paidDeposit('dashboard@example.com');
    const charge = {
      id: `ch_${randomBytes(6).toString('hex')}`,
      object: 'charge',
      payment_intent: intentId,
      amount: 3000,
    };
    expect(
      (await webhook('charge.refunded', { ...charge, amount_refunded: 500, refunded: false })).status,
    ).toBe(200);
    let p = (await t.http().get(`/api/admin/payments/${paymentId}`).set(as())).body.payment;
    expect(p).toMatchObject({ status: 'partially_refunded', amountRefunded: 500, refundable: 2500 });

    expect(
      (await webhook('charge.refunded', { ...charge, amount_refunded: 3000, refunded: true })).status,
    ).toBe(200);
    p = (await t.http().get(`/api/admin/payments/${paymentId}`).set(as())).body.payment;
    expect(p).toMatchObject({ status: 'refunded', amountRefunded: 3000, refundable: 0 });
  });

  it('exports the filtered ledger as CSV, with formula cells defused', async () => {
    const { paymentId } = await paidDeposit('csv@example.com');
    await db.query(
      `UPDATE payments SET metadata = metadata || '{"customerName": "=HYPERLINK(1)"}' WHERE id = $1`,
      [paymentId],
    );
    const res = await t.http().get('/api/admin/payments?format=csv&search=csv%40').set(as()).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,kind,status,service,customer_email,customer_name,amount_pence,refunded_pence,currency,referral_code,discount_percent,stripe_payment_intent,stripe_checkout_session',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${paymentId},`);
    expect(lines[1]).toContain(",'=HYPERLINK(1),3000,0,gbp,");
  });
});
