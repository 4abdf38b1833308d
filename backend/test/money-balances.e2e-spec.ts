/**
 * Balances that follow the project (issue 23), over HTTP against the fake Stripe: a re-approval
 * after an extra round re-prices the balance and expires the old Checkout Session first; a
 * payment that still reaches the old session is refunded automatically and shown to staff; a
 * full refund locks the final files again; a cancelled project's pay link answers 410 and its
 * reminders mail nothing.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ReviewBalanceService } from '../src/reviews/review-balance.service';
import { closeTestApp, createTestAppWithStripe } from './support/app-with-services';
import { wav } from './support/audio-fixtures';
import { FakeStripe } from './support/fake-stripe';
import { paidProject, portalCookie, sendWebhook, signInToken } from './support/paid-booking';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, TestApp } from './support/test-app';

const REASON = 'The client cancelled the session.';

jest.setTimeout(90_000);

interface Issue {
  kind: string;
  paymentId: number | null;
  projectId: string | null;
  summary: string;
}

describe('Balances that follow the project (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let sink: SmtpSink;
  let db: DataSource;
  let auth: { authorization: string };
  let id: string;
  let cookie: string;
  let payToken: string;
  let firstSession: string;
  let firstPayment: number;
  let secondSession: string;

  const versions: string[] = [];
  const project = async (pid = id) =>
    (await t.http().get(`/api/admin/projects/${pid}`).set(auth)).body.project as { status: string };
  const setStatus = (status: string, pid = id) =>
    t.http().post(`/api/admin/projects/${pid}/status`).set(auth).send({ status });
  const issues = async () =>
    (await t.http().get('/api/admin/payments/issues').set(auth)).body.items as Issue[];
  const balanceRow = async (pid = id) =>
    (
      await db.query(
        `SELECT amount_pence, version, payment_id, paid_at IS NOT NULL AS paid FROM project_balance_requests WHERE project_id = $1`,
        [pid],
      )
    )[0];
  const paymentRow = async (paymentId: number) =>
    (
      await db.query(`SELECT status, amount, amount_refunded, metadata FROM payments WHERE id = $1`, [
        paymentId,
      ])
    )[0];

  /** Posts a version as staff and waits until its preview is ready and the project is in review. */
  async function postVersion(pid = id): Promise<string> {
    const res = await t
      .http()
      .post(`/api/admin/projects/${pid}/versions?kind=mix&name=Take%20${versions.length + 1}.wav`)
      .set(auth)
      .set('content-type', 'application/octet-stream')
      .send(wav({ seconds: 2 }));
    expect(res.status).toBe(201);
    const versionId = res.body.version.id as string;
    versions.push(versionId);
    const deadline = Date.now() + 30_000;
    while ((await project(pid)).status !== 'in_review') {
      if (Date.now() > deadline) throw new Error('the version never reached review');
      await new Promise((r) => setTimeout(r, 200));
    }
    return versionId;
  }

  const note = (versionId: string, body: string) =>
    t
      .http()
      .post(`/api/portal/projects/${id}/comments`)
      .set('cookie', cookie)
      .send({ versionId, atSec: 1, body });
  const submitRound = (acceptFee = false) =>
    t.http().post(`/api/portal/projects/${id}/rounds/submit`).set('cookie', cookie).send({ acceptFee });
  const approve = (versionId: string, c = cookie, pid = id) =>
    t.http().post(`/api/portal/projects/${pid}/approve`).set('cookie', c).send({ versionId });
  const balanceMails = (email: string) =>
    sink.to(email).filter((m) => /balance of/.test(m.parsed.subject ?? ''));

  beforeAll(async () => {
    ({ t, sink, fake } = await createTestAppWithStripe({ PUBLIC_URL: 'https://studio.example.com' }));
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${await adminToken(t)}` };
    // Master £40: £20 deposit, one revision round included, extra rounds £25.
    id = await paidProject(t, fake, 'bal@example.com', 'Master');
    cookie = await portalCookie(t, await signInToken(sink, 'bal@example.com'));
    await setStatus('files_received');
    await t.http().post(`/api/admin/projects/${id}/accept-files`).set(auth);
  });
  afterAll(() => closeTestApp(t, sink, fake));

  it('approves a version: a £20 balance and one open Checkout Session', async () => {
    const v1 = await postVersion();
    expect((await approve(v1)).body.money.balancePence).toBe(2000);
    await sink.waitFor(() => balanceMails('bal@example.com').length === 1, 15_000, 'the balance mail');
    payToken = /\/pay\/([\w-]+)/.exec(balanceMails('bal@example.com')[0].parsed.text!)![1];
    const first = await t.http().post(`/api/pay/${payToken}/checkout`);
    expect(first.status).toBe(200);
    firstSession = first.body.sessionId;
    firstPayment = (await balanceRow()).payment_id;
    expect(fake.checkoutSessions.get(firstSession)).toMatchObject({ amount_total: 2000, status: 'open' });
    const [create] = fake
      .requestsTo('/v1/checkout/sessions', 'POST')
      .filter((r) => (r.body.metadata as Record<string, string>).projectId === id);
    expect(create.idempotencyKey).toBe(`balance-${id}-v1-cs-${firstPayment}`);
  });

  it('re-prices the balance when the project is approved again after an extra round, expiring the old session first', async () => {
    // Staff take the approved project back to review; the client uses the included round, then
    // accepts the fee of an extra one.
    expect((await setStatus('in_review')).status).toBe(200);
    expect((await note(versions[0], 'Brighter chorus')).status).toBe(201);
    expect((await submitRound()).status).toBe(200);
    const v2 = await postVersion();
    expect((await note(v2, 'Still too dark')).status).toBe(201);
    expect((await submitRound(true)).body.round).toMatchObject({ extra: true, feePence: 2500 });
    const v3 = await postVersion();

    const again = await approve(v3);
    expect(again.status).toBe(200);
    expect(again.body.money.balancePence).toBe(4500);
    // The old session was expired at Stripe, keyed by the session, before the new price.
    const expired = fake.requestsTo(`/v1/checkout/sessions/${firstSession}/expire`, 'POST');
    expect(expired.map((r) => r.idempotencyKey)).toEqual([`expire-${firstSession}`]);
    expect(fake.checkoutSessions.get(firstSession)!.status).toBe('expired');
    expect(await balanceRow()).toEqual({ amount_pence: 4500, version: 2, payment_id: null, paid: false });
    expect(await paymentRow(firstPayment)).toMatchObject({
      status: 'failed',
      metadata: expect.objectContaining({ supersededAt: expect.any(String) }),
    });
    // The client is mailed the new amount; the pay page asks for it.
    await sink.waitFor(() => balanceMails('bal@example.com').length === 2, 15_000, 'the re-priced mail');
    expect(balanceMails('bal@example.com')[1].parsed.subject).toMatch(/balance of £45/);
    expect((await t.http().get(`/api/pay/${payToken}`)).body.balance.amountPence).toBe(4500);

    // One open session: the new one is for £45, keyed by the request's new version.
    const next = await t.http().post(`/api/pay/${payToken}/checkout`);
    expect(next.status).toBe(200);
    expect(next.body.reused).toBe(false);
    secondSession = next.body.sessionId;
    expect(fake.checkoutSessions.get(secondSession)).toMatchObject({ amount_total: 4500, status: 'open' });
    const payment = (await balanceRow()).payment_id;
    expect(fake.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!.idempotencyKey).toBe(
      `balance-${id}-v2-cs-${payment}`,
    );
    expect((await t.http().post(`/api/pay/${payToken}/checkout`)).body).toMatchObject({
      sessionId: secondSession,
      reused: true,
    });
  });

  it('refunds a payment that still reaches the superseded session, and shows it to staff', async () => {
    const late = fake.completeSession(firstSession);
    const res = await sendWebhook(t, 'checkout.session.completed', late);
    expect(res.status).toBe(200);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === late.payment_intent);
    expect(refunds.map((r) => r.amount)).toEqual([2000]);
    expect(
      fake.requestsTo('/v1/refunds', 'POST').filter((r) => r.body.payment_intent === late.payment_intent)[0]
        .idempotencyKey,
    ).toBe(`lapsed-refund-${firstPayment}`);
    expect(await paymentRow(firstPayment)).toMatchObject({ status: 'refunded', amount_refunded: 2000 });
    // Nothing was settled: the balance still waits for its £45.
    expect((await project()).status).toBe('approved');
    expect((await balanceRow()).paid).toBe(false);
    // Stripe's other events about the same money change nothing and refund nothing more.
    expect((await sendWebhook(t, 'checkout.session.completed', late)).status).toBe(200);
    expect(
      (
        await sendWebhook(
          t,
          'payment_intent.succeeded',
          fake.paymentIntents.get(late.payment_intent as string)!,
        )
      ).status,
    ).toBe(200);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === late.payment_intent)).toHaveLength(
      1,
    );
    const flagged = (await issues()).filter((i) => i.paymentId === firstPayment);
    expect(flagged.map((i) => [i.kind, i.projectId])).toEqual([['superseded_payment', id]]);
    expect(flagged[0].summary).toMatch(/refunded automatically/);
  });

  it('unlocks the finals when the current session is paid, and locks them again after a full refund', async () => {
    const paid = fake.completeSession(secondSession);
    expect((await sendWebhook(t, 'checkout.session.completed', paid)).status).toBe(200);
    expect((await project()).status).toBe('paid');
    const review = async () =>
      (await t.http().get(`/api/portal/projects/${id}/review`).set('cookie', cookie)).body.review;
    expect((await review()).downloadsUnlocked).toBe(true);

    const { payment_id: paymentId } = await balanceRow();
    const refund = await t
      .http()
      .post(`/api/admin/payments/${paymentId}/refund`)
      .set(auth)
      .send({ requestId: randomUUID(), reason: REASON });
    expect(refund.status).toBe(200);
    expect(refund.body.payment).toMatchObject({ status: 'refunded', amountRefunded: 4500 });
    expect((await project()).status).toBe('on_hold');
    expect((await review()).downloadsUnlocked).toBe(false);
    const flagged = (await issues()).filter((i) => i.paymentId === paymentId);
    expect(flagged.map((i) => [i.kind, i.projectId])).toEqual([['finals_relocked', id]]);
    // Stripe's charge.refunded for the same refund changes nothing more.
    expect(
      (
        await sendWebhook(t, 'charge.refunded', {
          id: 'ch_x',
          object: 'charge',
          payment_intent: paid.payment_intent,
          amount: 4500,
          amount_refunded: 4500,
          refunded: true,
        })
      ).status,
    ).toBe(200);
    expect((await issues()).filter((i) => i.paymentId === paymentId)).toHaveLength(1);
  });

  it('keeps every amount owed, paid and refunded in one ledger, equal to what Stripe holds', async () => {
    const rows: { entry: string; amount: number; ref: string }[] = await db.query(
      `SELECT entry, amount, ref FROM money_ledger WHERE project_id = $1 ORDER BY id`,
      [id],
    );
    const { payment_id: balancePayment } = await balanceRow();
    expect(rows.map((r) => [r.entry, r.amount])).toEqual([
      ['owed', 2000],
      ['owed', 2500],
      ['paid', 2000],
      ['refunded', 2000],
      ['paid', 4500],
      ['refunded', 4500],
    ]);
    expect(rows.map((r) => r.ref).slice(0, 3)).toEqual([
      `owed-balance-${id}-v1`,
      `owed-balance-${id}-v2`,
      `paid-${firstPayment}`,
    ]);
    expect(rows[4].ref).toBe(`paid-${balancePayment}`);
    // Stripe's side: what the project's sessions took, less what was refunded of it.
    const intents = [firstSession, secondSession].map((s) => fake.checkoutSessions.get(s)!.payment_intent);
    const taken = intents.reduce<number>(
      (n, pi) => n + Number(fake.paymentIntents.get(pi as string)!.amount_received),
      0,
    );
    const refunded = [...fake.refunds.values()]
      .filter((r) => intents.includes(r.payment_intent))
      .reduce((n, r) => n + Number(r.amount), 0);
    const sum = (entry: string) => rows.filter((r) => r.entry === entry).reduce((n, r) => n + r.amount, 0);
    expect([sum('paid'), sum('refunded')]).toEqual([taken, refunded]);
    // The back office shows a payment's rows with it.
    const detail = await t.http().get(`/api/admin/payments/${balancePayment}`).set(auth);
    expect(detail.body.ledger.map((r: { entry: string }) => r.entry)).toEqual(['paid', 'refunded']);
  });

  it("answers 410 on a cancelled project's pay link, and its reminders mail nothing", async () => {
    const other = await paidProject(t, fake, 'gone@example.com', 'Mix');
    const otherCookie = await portalCookie(t, await signInToken(sink, 'gone@example.com'));
    await setStatus('files_received', other);
    await t.http().post(`/api/admin/projects/${other}/accept-files`).set(auth);
    const v = await postVersion(other);
    expect((await approve(v, otherCookie, other)).status).toBe(200);
    const [{ token }] = await db.query(`SELECT token FROM project_balance_requests WHERE project_id = $1`, [
      other,
    ]);
    expect((await t.http().get(`/api/pay/${token}`)).status).toBe(200);
    const open = await t.http().post(`/api/pay/${token}/checkout`);
    expect(open.status).toBe(200);
    const balance = t.app.get(ReviewBalanceService);
    expect(await balance.remind(other, 3)).toBe(true);

    expect((await setStatus('cancelled', other)).status).toBe(200);
    for (const res of [
      await t.http().get(`/api/pay/${token}`),
      await t.http().post(`/api/pay/${token}/checkout`),
    ])
      expect([res.status, res.body.success, res.body.code]).toEqual([410, false, 'PAY_LINK_GONE']);
    expect(await balance.remind(other, 7)).toBe(false);

    // The client still had the session open and pays it: the money is refunded, not settled.
    const late = fake.completeSession(open.body.sessionId);
    expect((await sendWebhook(t, 'checkout.session.completed', late)).status).toBe(200);
    const [row] = await db.query(
      `SELECT id, status, amount_refunded FROM payments WHERE stripe_checkout_session_id = $1`,
      [open.body.sessionId],
    );
    expect(row).toMatchObject({ status: 'refunded', amount_refunded: 3000 });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === late.payment_intent)).toHaveLength(
      1,
    );
    expect((await project(other)).status).toBe('cancelled');
    expect((await balanceRow(other)).paid).toBe(false);
    const flagged = (await issues()).filter((i) => i.paymentId === row.id);
    expect(flagged.map((i) => i.kind)).toEqual(['superseded_payment']);
    expect(flagged[0].summary).toMatch(/project had been cancelled/);
  });

  it('refunds with a reason the client is mailed, putting the project on hold or cancelling it as asked', async () => {
    const pid = await paidProject(t, fake, 'refundme@example.com', 'Mix');
    const [{ paymentId, intent }] = await db.query(
      `SELECT p.id AS "paymentId", p.stripe_payment_intent_id AS intent
         FROM projects pr JOIN payments p ON p.id = pr.payment_id WHERE pr.id = $1`,
      [pid],
    );
    fake.setIntentStatus(intent, 'succeeded');
    const listed = await t.http().get('/api/admin/payments?search=refundme%40').set(auth);
    expect(listed.body.items[0]).toMatchObject({ id: paymentId, projectId: pid });
    const refund = (body: object) =>
      t
        .http()
        .post(`/api/admin/payments/${paymentId}/refund`)
        .set(auth)
        .send({ requestId: randomUUID(), ...body });

    const held = await refund({ amount: 500, reason: 'Studio double-booked', projectAction: 'on_hold' });
    expect(held.status).toBe(200);
    expect((await project(pid)).status).toBe('on_hold');
    const refundMail = () =>
      sink.to('refundme@example.com').find((m) => /Refund of £5/.test(m.parsed.subject ?? ''));
    await sink.waitFor(() => Boolean(refundMail()), 15_000, 'the refund mail');
    const mail = refundMail()!;
    expect(mail.parsed.text).toContain('Why: Studio double-booked');
    expect(mail.parsed.text).toContain('Your project is on hold');
    expect(mail.parsed.text).toContain(`/portal/projects/${pid}`);

    expect(
      (await refund({ amount: 500, reason: 'Cancelled by the client', projectAction: 'cancelled' })).status,
    ).toBe(200);
    expect((await project(pid)).status).toBe('cancelled');
    const events = (await t.http().get(`/api/admin/projects/${pid}`).set(auth)).body.project.events as {
      message: string;
    }[];
    expect(events.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'On hold: Refund of £5: Studio double-booked',
        'Cancelled: Refund of £5: Cancelled by the client',
      ]),
    );
    // A move the project cannot make refuses the refund before Stripe is asked.
    const before = fake.requestsTo('/v1/refunds', 'POST').length;
    const refused = await refund({ amount: 500, reason: 'One more', projectAction: 'on_hold' });
    expect([refused.status, refused.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    expect(fake.requestsTo('/v1/refunds', 'POST')).toHaveLength(before);
    expect(
      (await t.http().get(`/api/admin/payments/${paymentId}`).set(auth)).body.payment.amountRefunded,
    ).toBe(1000);
  });
});
