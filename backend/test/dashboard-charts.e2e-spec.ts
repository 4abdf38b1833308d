import { DataSource } from 'typeorm';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { payDeposit, sendWebhook } from './support/paid-booking';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { closeTestApp } from './support/app-with-services';
import { createTestApp, TestApp } from './support/test-app';

describe('Dashboard charts (GET /api/admin/stats/charts)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let tokens: StaffTokens;
  let db: DataSource;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
    db = t.app.get(DataSource);
    tokens = await staffTokens(t, 'charts');
  });
  afterAll(() => closeTestApp(t, fake));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/stats/charts');
  });

  it('aggregates bookings and revenue, subscriber growth and messages, every month and week present', async () => {
    const { intent } = await payDeposit(t, fake, 'chart@example.com');
    fake.setIntentStatus(intent.id, 'succeeded');
    expect(
      (await sendWebhook(t, 'payment_intent.succeeded', fake.paymentIntents.get(intent.id)!)).status,
    ).toBe(200);
    await db.query(
      `INSERT INTO newsletter_subscribers (email, confirmed_at, created_at)
       VALUES ('a@example.com', now(), now()), ('b@example.com', NULL, now()),
              ('old@example.com', now() - interval '40 days', now() - interval '40 days')`,
    );
    const contact = await t.http().post('/api/contact').send({
      name: 'Chart Person',
      email: 'chart@example.com',
      service: 'mix',
      message: 'Please mix my song next week.',
    });
    expect(contact.status).toBeLessThan(300);

    const res = await t.http().get('/api/admin/stats/charts').set('authorization', `Bearer ${tokens.admin}`);
    expect(res.status).toBe(200);
    const { months, weeks } = res.body;
    expect(months).toHaveLength(12);
    expect(weeks).toHaveLength(12);
    expect(months.map((m: { month: string }) => m.month)).toEqual(
      [...months.map((m: { month: string }) => m.month)].sort(),
    );
    expect(months.at(-1)).toMatchObject({ bookings: 1, revenue: 3000, signups: 2, confirmed: 1 });
    expect(months.slice(0, 9).every((m: { bookings: number }) => m.bookings === 0)).toBe(true);
    expect(weeks.at(-1).messages).toBe(1);
    expect(weeks.at(-1).week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
