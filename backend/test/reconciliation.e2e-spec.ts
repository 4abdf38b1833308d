/**
 * Reconciliation with Stripe (issue 23) over HTTP: the payments page's button reads the fake
 * Stripe's charges, refunds and disputes (paginated, `created` filter) and compares them with
 * the one ledger. A clean ledger reports nothing; each injected difference (missing here,
 * missing at Stripe, amount, currency, status) is shown to staff and mailed to the admins once.
 */
import { randomUUID } from 'node:crypto';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { FakeStripe } from './support/fake-stripe';
import { payDeposit, sendWebhook } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';

jest.setTimeout(60_000);

describe('Reconciliation with Stripe (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let auth: { authorization: string };

  const reconcile = () => t.http().post('/api/admin/payments/reconcile').set(auth);
  const issues = async () =>
    (
      (await t.http().get('/api/admin/payments/issues').set(auth)).body.items as {
        kind: string;
        summary: string;
        details: { type: string; stripeId: string };
      }[]
    ).filter((i) => i.kind === 'reconciliation');

  /** A paid £30 Mix deposit, settled by its webhook, as Stripe holds it. */
  const paid = async (email: string) => {
    const { paymentId, intent } = await payDeposit(t, fake, email);
    fake.setIntentStatus(intent.id, 'succeeded');
    expect(
      (await sendWebhook(t, 'payment_intent.succeeded', fake.paymentIntents.get(intent.id)!)).status,
    ).toBe(200);
    return { paymentId, intentId: intent.id };
  };

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({ ADMIN_NOTIFY_EMAIL: 'books@example.com' }));
    auth = { authorization: `Bearer ${await adminToken(t)}` };
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('is for admins only', async () => {
    expect((await t.http().post('/api/admin/payments/reconcile')).status).toBe(401);
  });

  it('finds nothing to report when the ledger and Stripe agree', async () => {
    const a = await paid('a@example.com');
    await paid('b@example.com');
    const refund = await t
      .http()
      .post(`/api/admin/payments/${a.paymentId}/refund`)
      .set(auth)
      .send({ amount: 500, requestId: randomUUID(), reason: 'Shorter session than booked.' });
    expect(refund.status).toBe(200);
    const res = await reconcile();
    expect(res.status).toBe(200);
    expect(res.body.run).toMatchObject({
      charges: 2,
      refunds: 1,
      disputes: 0,
      differences: 0,
      newDifferences: 0,
    });
    expect(await issues()).toEqual([]);
  });

  it('reports every injected difference once, to the payments page and the admins', async () => {
    const a = await paid('c@example.com');
    const b = await paid('d@example.com');
    const c = await paid('e@example.com');
    const adminRefund = await t
      .http()
      .post(`/api/admin/payments/${c.paymentId}/refund`)
      .set(auth)
      .send({ amount: 700, requestId: randomUUID(), reason: 'Goodwill.' });
    expect(adminRefund.status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const charge = (intentId: string) => ({
      id: `ch_for_${intentId}`,
      object: 'charge',
      amount: 3000,
      amount_captured: 3000,
      amount_refunded: 0,
      refunded: false,
      currency: 'gbp',
      payment_intent: intentId,
      status: 'succeeded',
      paid: true,
      created: now,
    });
    // Missing here: a charge the app never heard of.
    fake.charges.set('ch_stray', {
      ...charge('pi_stray'),
      id: 'ch_stray',
      amount: 1234,
      amount_captured: 1234,
    });
    // Amount: Stripe took a penny less for a's deposit; currency: b's was charged in dollars.
    fake.charges.set(`ch_for_${a.intentId}`, { ...charge(a.intentId), amount: 2999, amount_captured: 2999 });
    fake.charges.set(`ch_for_${b.intentId}`, { ...charge(b.intentId), currency: 'usd' });
    // Missing at Stripe: the admin's refund of c is not at Stripe; a dashboard refund of c is not here.
    const [ours] = [...fake.refunds.values()].filter((r) => r.payment_intent === c.intentId);
    fake.refunds.delete(ours.id as string);
    fake.refunds.set('re_dashboard', {
      id: 're_dashboard',
      object: 'refund',
      amount: 300,
      currency: 'gbp',
      payment_intent: c.intentId,
      status: 'succeeded',
      created: now,
    });
    // A dispute the studio lost, which the webhook never delivered.
    fake.disputes.set('dp_lost', {
      id: 'dp_lost',
      object: 'dispute',
      amount: 3000,
      currency: 'gbp',
      status: 'lost',
      payment_intent: b.intentId,
      created: now,
    });
    // Enough failed charges that the list takes more than one page; they are not money taken.
    for (let i = 0; i < 150; i++)
      fake.charges.set(`ch_failed_${i}`, {
        ...charge(`pi_failed_${i}`),
        id: `ch_failed_${i}`,
        status: 'failed',
        paid: false,
      });

    const pagesBefore = fake.requestsTo('/v1/charges', 'GET').length;
    const res = await reconcile();
    expect(res.status).toBe(200);
    const charges = fake.requestsTo('/v1/charges', 'GET').slice(pagesBefore);
    expect(charges.length).toBeGreaterThanOrEqual(2);
    expect(charges[0].body).toMatchObject({ limit: '100', created: { gte: expect.stringMatching(/^\d+$/) } });
    expect(charges[1].body.starting_after).toEqual(expect.any(String));

    const found = (await issues()).map((i) => [i.details.type, i.details.stripeId]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['missing_here', 'ch_stray'],
        ['amount', `ch_for_${a.intentId}`],
        ['currency', `ch_for_${b.intentId}`],
        ['status', `ch_for_${c.intentId}`],
        ['missing_here', 're_dashboard'],
        ['missing_at_stripe', ours.id],
        ['missing_here', 'dp_lost'],
      ]),
    );
    expect(found).toHaveLength(7);
    expect(res.body.run).toMatchObject({ differences: 7, newDifferences: 7 });
    const summaries = (await issues()).map((i) => i.summary).join('\n');
    expect(summaries).toMatch(/Stripe took £29\.99, the ledger says £30/);
    expect(summaries).toMatch(/Stripe has refunded £3, the ledger £7/);

    const report = () =>
      sink.to('books@example.com').filter((m) => /Stripe reconciliation/.test(m.parsed.subject ?? ''));
    await sink.waitFor(() => report().length === 1, 15_000, 'the reconciliation mail');
    expect(report()[0].parsed.subject).toBe('Stripe reconciliation: 7 differences to check');
    expect(report()[0].parsed.text).toContain('Stripe charge ch_stray took £12.34');

    // A second run finds the same differences and reports none of them again.
    const again = await reconcile();
    expect(again.body.run).toMatchObject({ differences: 7, newDifferences: 0 });
    expect(new Date(again.body.run.since).getTime()).toBeLessThan(Date.now());
    expect(await issues()).toHaveLength(7);
    await new Promise((r) => setTimeout(r, 500));
    expect(report()).toHaveLength(1);
  });
});
