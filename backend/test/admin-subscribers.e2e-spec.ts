import { DataSource } from 'typeorm';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { TestApp } from './support/test-app';

describe('Subscribers, referral codes and lottery (/api/admin)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let db: DataSource;
  let tokens: StaffTokens;
  const as = () => ({ authorization: `Bearer ${tokens.admin}` });
  const subscriberId = async (email: string) =>
    (await db.query(`SELECT id FROM newsletter_subscribers WHERE email = $1`, [email]))[0]?.id as number;

  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink());
    db = t.app.get(DataSource);
    tokens = await staffTokens(t, 'sub');
    for (const email of ['ann@example.com', 'bob@example.com', '=cmd@example.com']) {
      expect((await t.http().post('/api/newsletter/subscribe').send({ email })).status).toBeLessThan(300);
    }
    await db.query(
      `UPDATE newsletter_subscribers SET referred_by = 'ann@example.com' WHERE email = 'bob@example.com'`,
    );
    // Double opt-in: as if each had followed the confirmation link.
    await db.query(`UPDATE newsletter_subscribers SET confirmed_at = now()`);
  });
  afterAll(() => closeTestApp(t, sink));

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/subscribers');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/subscribers?format=csv');
    await expectAdminOnly(t, tokens, 'post', '/api/admin/subscribers/1/unsubscribe');
    await expectAdminOnly(t, tokens, 'delete', '/api/admin/subscribers/1');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/referrals');
    await expectAdminOnly(t, tokens, 'post', '/api/admin/referrals/1/void');
    await expectAdminOnly(t, tokens, 'get', '/api/admin/lottery/draws');
    await expectAdminOnly(t, tokens, 'post', '/api/admin/lottery/draws', {});
    await expectAdminOnly(t, tokens, 'post', '/api/admin/lottery/draws/1/resend');
  });

  it('lists, filters and exports subscribers; refuses unknown filters', async () => {
    const res = await t.http().get('/api/admin/subscribers?sort=email&order=asc').set(as());
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: { email: string }) => s.email)).toEqual([
      '=cmd@example.com',
      'ann@example.com',
      'bob@example.com',
    ]);
    const referred = await t.http().get('/api/admin/subscribers?referred=yes').set(as());
    expect(referred.body.items).toEqual([
      expect.objectContaining({ email: 'bob@example.com', referredBy: 'ann@example.com' }),
    ]);
    for (const q of ['sort=referredBy', 'state=gone', 'referred=maybe', 'format=pdf', 'plan=gold']) {
      const bad = await t.http().get(`/api/admin/subscribers?${q}`).set(as());
      expect([q, bad.status]).toEqual([q, 400]);
    }
    const csv = await t.http().get('/api/admin/subscribers?format=csv').set(as()).buffer(true);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,email,referred_by,has_discount,subscribed_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(4);
    expect(csv.text).toContain(",'=cmd@example.com,");
  });

  it('unsubscribes by hand and deletes a subscriber with their codes', async () => {
    const bob = await subscriberId('bob@example.com');
    const un = await t.http().post(`/api/admin/subscribers/${bob}/unsubscribe`).set(as());
    expect(un.status).toBe(200);
    expect(un.body.subscriber.unsubscribedAt).not.toBeNull();
    const active = await t.http().get('/api/admin/subscribers?state=active').set(as());
    expect(active.body.total).toBe(2);

    await t.http().post('/api/referral/generate').send({ email: 'ann@example.com' });
    const ann = await subscriberId('ann@example.com');
    expect((await t.http().delete(`/api/admin/subscribers/${ann}`).set(as())).status).toBe(200);
    expect(await subscriberId('ann@example.com')).toBeUndefined();
    expect(await db.query(`SELECT 1 FROM referral_codes WHERE generated_by = 'ann@example.com'`)).toEqual([]);
    const [b] = await db.query(`SELECT referred_by FROM newsletter_subscribers WHERE id = $1`, [bob]);
    expect(b.referred_by).toBeNull();
    expect((await t.http().delete(`/api/admin/subscribers/${ann}`).set(as())).status).toBe(404);
  });

  it('lists referral codes by state and voids one, which then no longer validates', async () => {
    const gen = await t.http().post('/api/referral/generate').send({ email: 'carol@example.com' });
    const code = gen.body.referralCode.code as string;
    const list = await t.http().get('/api/admin/referrals?state=available&search=carol').set(as());
    expect(list.body.items).toEqual([
      expect.objectContaining({ code, generatedBy: 'carol@example.com', state: 'available' }),
    ]);
    const id = list.body.items[0].id as number;

    const voided = await t.http().post(`/api/admin/referrals/${id}/void`).set(as());
    expect([voided.status, voided.body.code.state]).toEqual([200, 'void']);
    expect((await t.http().post(`/api/admin/referrals/${id}/void`).set(as())).status).toBe(409);
    const check = await t.http().post('/api/referral/validate').send({ code });
    expect(check.body.valid).toBe(false);
    expect((await t.http().get('/api/admin/referrals?state=void').set(as())).body.total).toBe(1);
    expect((await t.http().get('/api/admin/referrals?state=lost').set(as())).status).toBe(400);
  });

  it('draws a month once whatever is clicked, and re-sends the winner mail', async () => {
    const click = () => t.http().post('/api/admin/lottery/draws').set(as()).send({ month: '2031-03' });
    const results = await Promise.all([click(), click(), click()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.draw.id)).size).toBe(1);
    const draw = results[0].body.draw;
    expect(draw).toMatchObject({ month: '2031-03', drawnBy: 'admin', entrants: 1 });

    const list = await t.http().get('/api/admin/lottery/draws').set(as());
    expect(list.body.items.map((d: { month: string }) => d.month)).toEqual(['2031-03']);

    const resend = await t.http().post(`/api/admin/lottery/draws/${draw.id}/resend`).set(as());
    expect([resend.status, resend.body.draw.resendCount]).toEqual([200, 1]);
    // The winner mail and its re-send.
    const won = (mails: { to: string[]; parsed: { subject?: string } }[]) =>
      mails.filter((m) => m.to.includes(draw.winnerEmail) && m.parsed.subject?.includes('March 2031'));
    expect(
      won(await sink.waitFor((mails) => won(mails).length >= 2, 15_000, 'two winner mails')),
    ).toHaveLength(2);

    expect(
      (await t.http().post('/api/admin/lottery/draws').set(as()).send({ month: '2031-13' })).status,
    ).toBe(400);
    expect((await t.http().post('/api/admin/lottery/draws/99999/resend').set(as())).status).toBe(404);
  });
});
