import { authenticator } from 'otplib';
import { DataSource } from 'typeorm';
import { ACCOUNT_MESSAGES } from '@studio/shared';
import { SessionsService } from '../src/sessions/sessions.service';
import { THROTTLES } from '../src/common/guards/public-throttle';
import { withAdmin } from './support/db';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { createTestApp, TestApp } from './support/test-app';

const [LIMIT] = THROTTLES.referralRead;
const code = JSON.stringify({ code: 'NOSUCHCODE' });

/** POSTs a referral check as the socket peer `peer`, optionally with X-Forwarded-For. */
const validate = (t: TestApp, peer: string, forwardedFor?: string) =>
  t.app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method: 'POST',
      url: '/api/referral/validate',
      payload: code,
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      remoteAddress: peer,
    });

describe('behind a proxy (HTTP)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      createTestApp({ ROLE: 'api' }),
      createTestApp({ ROLE: 'api', TRUST_PROXY: '10.0.0.1' }),
    ]);
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('without TRUST_PROXY ignores X-Forwarded-For: a client cannot spread itself over buckets', async () => {
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await validate(direct, '203.0.113.7', `198.51.100.${i}`)).statusCode);
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it('with TRUST_PROXY rate-limits each real client, and ignores the header from an untrusted hop', async () => {
    // Through the load balancer: the clients behind it each have their own bucket.
    for (let i = 0; i <= LIMIT; i++)
      expect((await validate(proxied, '10.0.0.1', `198.51.100.${i}`)).statusCode).toBe(200);
    // One client behind it still meets its limit.
    const one = [];
    for (let i = 0; i <= LIMIT; i++) one.push((await validate(proxied, '10.0.0.1', '192.0.2.50')).statusCode);
    expect(one[LIMIT]).toBe(429);
    // Straight to the app, not through the proxy: a forged header changes nothing.
    const forged = [];
    for (let i = 0; i <= LIMIT; i++)
      forged.push((await validate(proxied, '203.0.113.8', `192.0.2.${i}`)).statusCode);
    expect(forged[LIMIT]).toBe(429);
  });
});

describe('PostgreSQL outage (HTTP)', () => {
  let t: TestApp;
  let database: string;
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    database = new URL(t.config.databaseUrl).pathname.slice(1);
  });
  afterAll(async () => {
    await withAdmin((c) => c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`));
    await t.close();
  });

  it('answers a clear 503 while the database is gone and recovers by itself', async () => {
    expect((await t.http().get('/api/services')).status).toBe(200);
    await withAdmin(async (c) => {
      await c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
      await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database]);
    });
    const down = await t.http().get('/api/services');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      message: 'The site is briefly unavailable. Please try again in a minute.',
      code: 'DATABASE_UNAVAILABLE',
    });
    await withAdmin((c) => c.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`));
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.http().get('/api/services')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});

describe('Redis outage (HTTP)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    // Nothing listens on port 1: every rate-limit count fails as when Redis is restarting.
    t = await createTestApp({ ROLE: 'api', REDIS_URL: 'redis://127.0.0.1:1', ...fakeStripeEnv(fake) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('still takes a booking: the payment rate limit fails open (found by the chaos benchmark: it answered 500)', async () => {
    const [{ id: serviceId }] = await t.app
      .get(DataSource)
      .query(`SELECT id FROM production_services WHERE name = 'Mix'`);
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({ serviceId, amount: 30, email: 'booker@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_/);
  });

  it('refuses sign-in with a clear 503: the login rate limit fails closed', async () => {
    const res = await t.http().post('/api/login').send({ username: 'admin', password: 'admin-password-1' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });

  it('accepts no TOTP code it cannot remember as used (replay protection fails closed)', async () => {
    // Signing in needs Redis (its rate limit fails closed), so the session is opened directly.
    const [{ id }] = await t.app.get(DataSource).query(`SELECT id FROM users WHERE username = 'admin'`);
    const { authToken } = await t.app.get(SessionsService).start({ id, role: 'admin' });
    const auth = { authorization: `Bearer ${authToken}` };
    const setup = await t.http().post('/api/account/2fa/setup').set(auth);
    expect(setup.status).toBe(200);
    const res = await t
      .http()
      .post('/api/account/2fa/confirm')
      .set(auth)
      .send({ code: authenticator.generate(setup.body.secret as string) });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.twoFactorUnavailable,
      code: 'TWO_FACTOR_UNAVAILABLE',
    });
    const status = await t.http().get('/api/account/2fa').set(auth);
    expect(status.body.enabled).toBe(false);
  });
});
