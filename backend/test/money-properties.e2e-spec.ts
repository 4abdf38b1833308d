/**
 * Property tests of money (issue 23), against the real app, PostgreSQL, Redis and the fake
 * Stripe. Each run books and approves a project (a balance to pay), then fast-check plays a
 * generated sequence of: opening the checkout again, the client paying, Stripe's webhook events
 * delivered in any order, duplicated and late, admins' refunds (double clicks included), refunds
 * made in Stripe's dashboard and a lost dispute. After the sequence every event still pending is
 * delivered, and the invariants must hold:
 *
 * - nothing is charged twice: one Checkout Session paid per balance, one Stripe refund per
 *   refund request, never more refunded than taken;
 * - never more than owed: the ledger's paid amount is the balance owed, its refunds at most that;
 * - the final files are unlocked exactly when the balance is settled (paid, not refunded in full,
 *   no dispute lost);
 * - the ledger equals Stripe: paid and refunded per payment match, and reconciliation reports
 *   no difference about this run's money.
 *
 * Bounded: at most RUNS runs and 40 s; seeded (MONEY_SEED=<seed> replays one), and a failure
 * prints its seed and the shrunk sequence.
 *
 * Events are generated in the order Stripe can send them relative to the charge: a refund or a
 * dispute is only made once the app has recorded the payment (the app's refunds need it, and a
 * dispute of a charge the app never saw is what reconciliation, not the webhook, catches).
 */
import fc from 'fast-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, sendWebhook, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';

const SEED = Number(process.env.MONEY_SEED ?? Date.now() % 2 ** 31);
const RUNS = 6;
const TIME_LIMIT_MS = 40_000;

jest.setTimeout(150_000);

type Cmd =
  | { t: 'checkout' }
  | { t: 'pay' }
  | { t: 'deliver'; k: number }
  | { t: 'redeliver'; k: number }
  | { t: 'refund'; part: boolean; req: number; double: boolean }
  | { t: 'dashboardRefund' }
  | { t: 'disputeLost' };

const commands = fc.array(
  fc.oneof(
    fc.constant<Cmd>({ t: 'checkout' }),
    fc.constant<Cmd>({ t: 'pay' }),
    fc.nat(20).map<Cmd>((k) => ({ t: 'deliver', k })),
    fc.nat(20).map<Cmd>((k) => ({ t: 'redeliver', k })),
    fc
      .record({ part: fc.boolean(), req: fc.nat(2), double: fc.boolean() })
      .map<Cmd>((r) => ({ t: 'refund', ...r })),
    fc.constant<Cmd>({ t: 'dashboardRefund' }),
    fc.constant<Cmd>({ t: 'disputeLost' }),
  ),
  { minLength: 4, maxLength: 14 },
);

interface StripeEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

describe('Money properties (fast-check, HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let db: DataSource;
  let auth: { authorization: string };
  let clients = 0;

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe());
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${await adminToken(t)}` };
  });
  afterAll(() => closeTestApp(t, sink, fake));

  /** A Mix project approved by its client: a £30 balance with its pay link. */
  async function approvedProject(): Promise<{ id: string; token: string; cookie: string }> {
    const email = `prop${++clients}@example.com`;
    const id = await paidProject(t, fake, email, 'Mix');
    const cookie = await portalCookie(t, await signInToken(sink, email));
    await t.http().post(`/api/admin/projects/${id}/status`).set(auth).send({ status: 'files_received' });
    await t.http().post(`/api/admin/projects/${id}/accept-files`).set(auth);
    const v = await t
      .http()
      .post(`/api/admin/projects/${id}/versions?kind=mix&name=Mix.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 1 }));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const p = (await t.http().get(`/api/admin/projects/${id}`).set(auth)).body.project;
      if (p.status === 'in_review') break;
      if (Date.now() > deadline) throw new Error('the version never reached review');
      await new Promise((r) => setTimeout(r, 150));
    }
    const ok = await t
      .http()
      .post(`/api/portal/projects/${id}/approve`)
      .set('cookie', cookie)
      .send({ versionId: v.body.version.id });
    if (ok.status !== 200) throw new Error(`approve: ${ok.status}`);
    const [{ token }] = await db.query(`SELECT token FROM project_balance_requests WHERE project_id = $1`, [
      id,
    ]);
    return { id, token, cookie };
  }

  async function play(cmds: Cmd[]): Promise<void> {
    const { id, token, cookie } = await approvedProject();
    const sessions = new Set<string>();
    let session = (await t.http().post(`/api/pay/${token}/checkout`)).body.sessionId as string;
    sessions.add(session);
    const log: StripeEvent[] = [];
    const pending: StripeEvent[] = [];
    const requestIds = [randomUUID(), randomUUID(), randomUUID()];
    const refundedBy = new Set<string>();
    let paidSession: string | null = null;
    let intent: string | null = null;
    let disputeLost = false;

    const emit = (type: string, object: Record<string, unknown>) => {
      const e = { id: `evt_prop_${randomBytes(6).toString('hex')}`, type, object: { ...object } };
      log.push(e);
      pending.push(e);
    };
    const deliver = async (e: StripeEvent) => {
      const res = await sendWebhook(t, e.type, e.object, e.id);
      expect([e.type, res.status]).toEqual([e.type, 200]);
    };
    /** The app has recorded the payment (its completion event was delivered). */
    const appKnowsPayment = async () =>
      Boolean(intent) &&
      (await db.query(`SELECT 1 FROM payments WHERE stripe_payment_intent_id = $1`, [intent])).length > 0;
    const refundedAtStripe = () =>
      [...fake.refunds.values()]
        .filter((r) => r.payment_intent === intent)
        .reduce((n, r) => n + Number(r.amount), 0);
    const chargeRefundedEvent = () => {
      const total = refundedAtStripe();
      emit('charge.refunded', {
        id: `ch_for_${intent}`,
        object: 'charge',
        payment_intent: intent,
        amount: 3000,
        amount_refunded: total,
        refunded: total >= 3000,
        currency: 'gbp',
      });
    };

    for (const cmd of cmds) {
      switch (cmd.t) {
        case 'checkout': {
          const res = await t.http().post(`/api/pay/${token}/checkout`);
          if (res.status === 200) {
            sessions.add(res.body.sessionId);
            session = res.body.sessionId;
          } else expect([409, 410]).toContain(res.status);
          break;
        }
        case 'pay': {
          if (paidSession) break;
          const s = fake.completeSession(session);
          paidSession = session;
          intent = s.payment_intent as string;
          emit('checkout.session.completed', s);
          emit('payment_intent.succeeded', fake.paymentIntents.get(intent)!);
          break;
        }
        case 'deliver':
          if (pending.length) await deliver(pending.splice(cmd.k % pending.length, 1)[0]);
          break;
        case 'redeliver':
          if (log.length) await deliver(log[cmd.k % log.length]);
          break;
        case 'refund': {
          if (!(await appKnowsPayment())) break;
          const [{ paymentId }] = await db.query(
            `SELECT id AS "paymentId" FROM payments WHERE stripe_payment_intent_id = $1`,
            [intent],
          );
          const body = {
            requestId: requestIds[cmd.req],
            reason: 'Property test',
            ...(cmd.part ? { amount: 700 } : {}),
          };
          const send = () => t.http().post(`/api/admin/payments/${paymentId}/refund`).set(auth).send(body);
          const answers = cmd.double ? await Promise.all([send(), send()]) : [await send()];
          for (const a of answers) expect([200, 400, 409]).toContain(a.status);
          if (answers.some((a) => a.status === 200)) {
            refundedBy.add(body.requestId);
            chargeRefundedEvent();
          }
          break;
        }
        case 'dashboardRefund': {
          if (!(await appKnowsPayment()) || refundedAtStripe() + 300 > 3000) break;
          const rid = `re_dash_${randomBytes(5).toString('hex')}`;
          fake.refunds.set(rid, {
            id: rid,
            object: 'refund',
            amount: 300,
            currency: 'gbp',
            payment_intent: intent,
            status: 'succeeded',
            created: Math.floor(Date.now() / 1000),
          });
          chargeRefundedEvent();
          break;
        }
        case 'disputeLost': {
          if (disputeLost || !(await appKnowsPayment())) break;
          disputeLost = true;
          const dispute = {
            id: `dp_${randomBytes(5).toString('hex')}`,
            object: 'dispute',
            amount: 3000,
            currency: 'gbp',
            status: 'lost',
            reason: 'fraudulent',
            payment_intent: intent,
            created: Math.floor(Date.now() / 1000),
          };
          fake.disputes.set(dispute.id, dispute);
          emit('charge.dispute.closed', dispute);
          break;
        }
      }
    }
    // Stripe delivers everything in the end.
    while (pending.length) await deliver(pending.shift()!);

    // Nothing charged twice: at most one of the balance's sessions was paid, and one Stripe
    // refund per refund request that was answered 200.
    const paidSessions = [...sessions].filter((s) => fake.checkoutSessions.get(s)!.payment_status === 'paid');
    expect(paidSessions.length).toBeLessThanOrEqual(1);
    const byRequest = [...fake.refunds.values()].filter(
      (r) => r.payment_intent === intent && (r.metadata as Record<string, string> | undefined)?.requested_by,
    );
    expect(byRequest).toHaveLength(refundedBy.size);
    expect(refundedAtStripe()).toBeLessThanOrEqual(intent ? 3000 : 0);

    // Never more than owed; the ledger equals Stripe.
    const rows: { entry: string; amount: number }[] = await db.query(
      `SELECT entry, amount FROM money_ledger WHERE project_id = $1`,
      [id],
    );
    const sum = (entry: string) => rows.filter((r) => r.entry === entry).reduce((n, r) => n + r.amount, 0);
    expect(sum('owed')).toBe(3000);
    expect(sum('paid')).toBe(paidSession ? 3000 : 0);
    expect(sum('paid')).toBeLessThanOrEqual(sum('owed'));
    expect(sum('refunded')).toBe(refundedAtStripe());
    expect(sum('disputed')).toBe(disputeLost ? 3000 : 0);

    // The finals are unlocked exactly when the balance is settled.
    const settled = Boolean(paidSession) && refundedAtStripe() < 3000 && !disputeLost;
    const review = (await t.http().get(`/api/portal/projects/${id}/review`).set('cookie', cookie)).body
      .review;
    expect(review.downloadsUnlocked).toBe(settled);

    // Reconciliation finds nothing about this run's money.
    const run = await t.http().post('/api/admin/payments/reconcile').set(auth);
    expect(run.status).toBe(200);
    if (intent) {
      const issues = (await t.http().get('/api/admin/payments/issues').set(auth)).body.items as {
        kind: string;
        summary: string;
        details: { stripeId?: string };
      }[];
      const mine = issues.filter(
        (i) =>
          i.kind === 'reconciliation' &&
          (i.details.stripeId === `ch_for_${intent}` ||
            i.details.stripeId === intent ||
            [...fake.refunds.values()].some(
              (r) => r.payment_intent === intent && r.id === i.details.stripeId,
            )),
      );
      expect(mine.map((i) => i.summary)).toEqual([]);
    }
  }

  it('keeps the money invariants for generated sequences of payments, events, refunds and disputes', async () => {
    const started = Date.now();
    try {
      await fc.assert(
        fc.asyncProperty(commands, (cmds) => play(cmds)),
        {
          seed: SEED,
          numRuns: RUNS,
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      );
    } catch (err) {
      throw new Error(`Money properties failed with MONEY_SEED=${SEED}: ${(err as Error).message}`);
    }
    expect(Date.now() - started).toBeLessThan(TIME_LIMIT_MS + 60_000);
  });
});
