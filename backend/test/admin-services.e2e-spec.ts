import { DataSource } from 'typeorm';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { expectAdminOnly, staffTokens, StaffTokens } from './support/staff-tokens';
import { closeTestApp } from './support/app-with-services';
import { createTestApp, TestApp } from './support/test-app';

describe('Services and prices (/api/admin/services)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let tokens: StaffTokens;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
    tokens = await staffTokens(t, 'svc');
  });
  afterAll(() => closeTestApp(t, fake));

  const valid = {
    name: 'Stem Mastering',
    description: 'Mastering from up to eight stems for more control.',
    price: 5500,
    compareAtPrice: 7000,
    type: 'mastering',
    revisions: '2 revisions',
    badge: 'NEW',
    features: ['Up to 8 stems', ' Streaming master '],
    onHome: false,
    sortOrder: 35,
  };

  it('is for admins only: 401 anonymous, 403 editor and author', async () => {
    await expectAdminOnly(t, tokens, 'get', '/api/admin/services');
    await expectAdminOnly(t, tokens, 'post', '/api/admin/services', valid);
    await expectAdminOnly(t, tokens, 'put', '/api/admin/services/1', valid);
    await expectAdminOnly(t, tokens, 'delete', '/api/admin/services/1');
  });

  it('lists the seeded catalogue with every card field, paged and sorted', async () => {
    const res = await t.http().get('/api/admin/services?limit=2&sort=price&order=desc').set(as(tokens.admin));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.items.map((s: { name: string }) => s.name)).toEqual([
      '5 Songs Mix & Master',
      'Mix & Master',
    ]);
    expect(res.body.items[1]).toMatchObject({
      price: 8000,
      compareAtPrice: 10000,
      badge: 'POPULAR',
      revisions: '3 revisions',
      onHome: true,
      isActive: true,
    });
    expect(res.body.items[1].features).toHaveLength(4);
  });

  it('refuses unknown sorts, filters and bad input with a 400 in the error shape', async () => {
    for (const q of ['sort=password', 'status=x', 'limit=0', 'limit=1000', 'order=up', 'active=maybe']) {
      const res = await t.http().get(`/api/admin/services?${q}`).set(as(tokens.admin));
      expect([q, res.status, res.body.success]).toEqual([q, 400, false]);
    }
    const bad: [string, object][] = [
      ['price', { ...valid, price: 0 }],
      ['price', { ...valid, price: 12.5 }],
      ['price', { ...valid, price: '5500' }],
      ['name', { ...valid, name: 'x' }],
      ['description', { ...valid, description: 'short' }],
      ['compareAtPrice', { ...valid, compareAtPrice: 5000 }],
      ['features', { ...valid, features: Array(9).fill('x') }],
      ['extra', { ...valid, extra: 1 }],
    ];
    for (const [field, body] of bad) {
      const res = await t.http().post('/api/admin/services').set(as(tokens.admin)).send(body);
      expect([field, res.status, res.body.code]).toEqual([field, 400, 'VALIDATION_FAILED']);
      expect(res.body.errors[0].field).toBe(field);
    }
    const dup = await t
      .http()
      .post('/api/admin/services')
      .set(as(tokens.admin))
      .send({ ...valid, name: 'mix' });
    expect([dup.status, dup.body.code]).toEqual([409, 'SERVICE_NAME_TAKEN']);
    const missing = await t.http().put('/api/admin/services/99999').set(as(tokens.admin)).send(valid);
    expect(missing.status).toBe(404);
    const badId = await t.http().delete('/api/admin/services/abc').set(as(tokens.admin));
    expect(badId.status).toBe(400);
  });

  it('creates, edits and deletes a service; the public list follows', async () => {
    const created = await t.http().post('/api/admin/services').set(as(tokens.admin)).send(valid);
    expect(created.status).toBe(201);
    expect(created.body.service.features).toEqual(['Up to 8 stems', 'Streaming master']);
    const id = created.body.service.id as number;

    const pub = await t.http().get('/api/services');
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(pub.body.services.map((s: { name: string }) => s.name)).toEqual([
      'Mix',
      'Mix & Master',
      'Master',
      'Stem Mastering',
      '5 Songs Mix & Master',
    ]);

    const hidden = await t
      .http()
      .put(`/api/admin/services/${id}`)
      .set(as(tokens.admin))
      .send({ ...valid, isActive: false });
    expect(hidden.status).toBe(200);
    const after = await t.http().get('/api/services');
    expect(after.body.services.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await t.http().get(`/api/services/${id}`)).status).toBe(404);

    const del = await t.http().delete(`/api/admin/services/${id}`).set(as(tokens.admin));
    expect(del.status).toBe(200);
    expect((await t.http().delete(`/api/admin/services/${id}`).set(as(tokens.admin))).status).toBe(404);
  });

  it('charges the new price from the moment it changes, and never rewrites a payment made', async () => {
    const db = t.app.get(DataSource);
    const [mix] = await db.query(`SELECT * FROM production_services WHERE name = 'Mix'`);
    const first = await t.http().post('/api/create-payment-intent').send({ serviceId: mix.id, amount: 1 });
    expect(first.body.amount).toBe(3000);

    const edit = {
      name: 'Mix',
      description: mix.description,
      price: 7000,
      type: mix.type,
      revisions: mix.revisions,
      features: mix.features,
      onHome: true,
      sortOrder: mix.sort_order,
    };
    expect(
      (await t.http().put(`/api/admin/services/${mix.id}`).set(as(tokens.admin)).send(edit)).status,
    ).toBe(200);

    const pub = await t.http().get('/api/services');
    expect(pub.body.services.find((s: { name: string }) => s.name === 'Mix').price).toBe(7000);
    expect((await t.http().get(`/api/services/${mix.id}`)).body.service.depositAmount).toBe(35);

    const second = await t.http().post('/api/create-payment-intent').send({ serviceId: mix.id, amount: 1 });
    expect(second.body.amount).toBe(3500);
    const booking = await t.http().post('/api/create-checkout-session').send({ serviceName: 'Mix' });
    const session = fake.checkoutSessions.get(booking.body.sessionId) as { amount_total: number };
    expect(session.amount_total).toBe(3500);

    const [old] = await db.query(`SELECT amount FROM payments WHERE id = $1`, [first.body.paymentId]);
    expect(old.amount).toBe(3000);

    // The owner can see who changed the price, from what to what.
    const audit = await db.query(
      `SELECT before, after FROM audit_log WHERE action = 'service.price' AND target_id = $1`,
      [String(mix.id)],
    );
    expect(audit).toHaveLength(1);
    expect([audit[0].before.price, audit[0].after.price]).toEqual([6000, 7000]);
  });
});
