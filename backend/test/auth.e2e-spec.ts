import { DataSource } from 'typeorm';
import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@studio/shared';
import { resetRateLimits } from './blog-fixtures';
import { createTestApp, TestApp, adminToken, registerAndLogin } from './support/test-app';

/** The cookies an answer sets, by name, with their attributes. */
function setCookies(res: { headers: Record<string, unknown> }): Record<string, string> {
  const list = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
  return Object.fromEntries(list.map((c) => [c.slice(0, c.indexOf('=')), c]));
}
const valueOf = (cookie: string | undefined) => cookie?.slice(cookie.indexOf('=') + 1).split(';')[0];
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('accounts (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // Sign-in is rate limited per client, and every test here signs in.
  beforeEach(() => resetRateLimits(t));

  it('registers an author whatever role the body asks for', async () => {
    const res = await t.http().post('/api/register').send({
      username: 'sneaky',
      email: 'sneaky@example.com',
      password: 'password-123',
      displayName: 'Sneaky',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registration successful',
      user: { username: 'sneaky', role: 'author', displayName: 'Sneaky' },
    });
    expect(res.body.user.password).toBeUndefined();
    expect(typeof res.body.authToken).toBe('string');
  });

  it('refuses a taken username or email with one generic 409 that says neither', async () => {
    await t
      .http()
      .post('/api/register')
      .send({ username: 'dupe', email: 'dupe@example.com', password: 'password-123' })
      .expect(201);
    const generic = {
      success: false,
      message: ACCOUNT_MESSAGES.registrationUnavailable,
      code: 'REGISTRATION_UNAVAILABLE',
    };
    const attempts = [
      { username: 'dupe', email: 'other@example.com' },
      { username: 'dupe2', email: 'DUPE@example.com' },
      // A username may not be another account's email either.
      { username: 'dupe@example.com', email: 'third@example.com' },
    ];
    for (const body of attempts) {
      const res = await t
        .http()
        .post('/api/register')
        .send({ ...body, password: 'password-123' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(generic);
    }
  });

  it('refuses a common password with a clear 400', async () => {
    const res = await t
      .http()
      .post('/api/register')
      .send({ username: 'weakling', email: 'weak@example.com', password: 'Password123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.commonPassword,
      code: 'PASSWORD_TOO_COMMON',
      errors: [{ field: 'password', message: ACCOUNT_MESSAGES.commonPassword }],
    });
  });

  it('validates registration in the one error shape', async () => {
    const res = await t
      .http()
      .post('/api/register')
      .send({ username: 'ab', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    expect(res.body.errors.find((e: { field: string }) => e.field === 'password').message).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('refuses unknown fields and malformed JSON without a stack trace', async () => {
    const unknown = await t.http().post('/api/login').send({ username: 'a', password: 'b', extra: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field: extra');
    const bad = await t
      .http()
      .post('/api/login')
      .set('content-type', 'application/json')
      .send('{"username":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
      code: 'BAD_REQUEST',
    });
  });

  it('logs in by username or email, returns a token and sets an httpOnly SameSite=Strict cookie', async () => {
    await t
      .http()
      .post('/api/register')
      .send({ username: 'lena', email: 'lena@example.com', password: 'password-123', displayName: 'Lena' });
    for (const login of ['lena', 'LENA@example.com']) {
      const res = await t.http().post('/api/login').send({ username: login, password: 'password-123' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Login successful',
        user: { username: 'lena', displayName: 'Lena' },
      });
      // The browser's session: httpOnly, SameSite=Strict cookies only (no script can read them);
      // the body's authToken is for API clients.
      const cookies = setCookies(res);
      for (const name of ['authToken', 'authRefresh']) {
        expect(cookies[name]).toMatch(/HttpOnly/i);
        expect(cookies[name]).toMatch(/SameSite=Strict/i);
        expect(cookies[name]).toMatch(/Path=\/(;|$)/);
      }
      const access = valueOf(cookies.authToken)!;
      expect(access).not.toBe(res.body.authToken);
      const { exp, iat, typ } = claims(access) as { exp: number; iat: number; typ: string };
      expect([typ, exp - iat]).toEqual(['access', ACCOUNT_RULES.accessTokenMinutes * 60]);
      expect(cookies.authToken).toContain(`Max-Age=${ACCOUNT_RULES.accessTokenMinutes * 60}`);
      expect(JSON.stringify(res.body)).not.toContain(valueOf(cookies.authRefresh)!);
    }
  });

  it('renews the browser session with a rotating refresh token, and ends it when a replaced one returns', async () => {
    await registerAndLogin(t, 'rotator');
    const login = await t.http().post('/api/login').send({ username: 'rotator', password: 'password-123' });
    const bearer = login.body.authToken as string;
    const r1 = valueOf(setCookies(login).authRefresh)!;
    const user = (cookie: string) => t.http().get('/api/user').set('cookie', cookie);

    // The access token has gone (the browser drops it with its cookie): the refresh token renews both.
    const renewed = await user(`authRefresh=${r1}`);
    expect(renewed.body.user.username).toBe('rotator');
    const r2 = valueOf(setCookies(renewed).authRefresh)!;
    const a2 = valueOf(setCookies(renewed).authToken)!;
    expect(r2).toBeTruthy();
    expect(r2).not.toBe(r1);
    expect(claims(a2).typ).toBe('access');
    // With a current access token nothing is renewed.
    const current = await user(`authToken=${a2}; authRefresh=${r2}`);
    expect(current.body.user.username).toBe('rotator');
    expect(current.headers['set-cookie']).toBeUndefined();
    // A second tab renewing with the same token a moment later (or a renewal whose answer the
    // browser dropped) still gets in, and is handed the refresh token the first renewal issued.
    const twin = await user(`authRefresh=${r1}`);
    expect(twin.body.user.username).toBe('rotator');
    expect(valueOf(setCookies(twin).authRefresh)).toBe(r2);
    expect((await user(`authRefresh=${r2}`)).body.user.username).toBe('rotator');
    // An expired or forged access token is renewed the same way.
    const afterExpiry = await user(`authToken=${a2.slice(0, -3)}xyz; authRefresh=${r2}`);
    expect(afterExpiry.body.user.username).toBe('rotator');
    const r3 = valueOf(setCookies(afterExpiry).authRefresh)!;

    // Later, a replaced refresh token coming back is a stolen one: the whole session ends.
    await t.app
      .get(DataSource)
      .query(
        `UPDATE auth_sessions SET refreshed_at = now() - interval '1 hour' WHERE refresh_hash IS NOT NULL`,
      );
    const replay = await user(`authRefresh=${r2}`);
    expect(replay.body.user).toBeNull();
    expect(setCookies(replay).authRefresh).toMatch(/authRefresh=;/);
    expect((await user(`authRefresh=${r3}`)).body.user).toBeNull();
    expect((await t.http().get('/api/user').set('authorization', `Bearer ${bearer}`)).body.user).toBeNull();
  });

  it('serves bearer API clients as before and holds cookie-authenticated writes to our own origin', async () => {
    const login = await t.http().post('/api/login').send({ username: 'admin', password: 'admin-password-1' });
    const cookie = `authRefresh=${valueOf(setCookies(login).authRefresh)}`;
    const bearer = { authorization: `Bearer ${login.body.authToken}` };
    const settings = { blogName: 'Origin checked' };
    const fromElsewhere = await t
      .http()
      .put('/api/admin/settings')
      .set('cookie', cookie)
      .set('origin', 'https://evil.example')
      .send(settings);
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.code).toBe('CROSS_SITE_REQUEST');
    const ours = await t
      .http()
      .put('/api/admin/settings')
      .set('cookie', cookie)
      .set('origin', 'http://localhost:3000')
      .send(settings);
    expect(ours.status).toBe(200);
    // A bearer token is no cookie a browser sends by itself: no origin to check.
    const api = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer)
      .set('origin', 'https://evil.example')
      .send(settings);
    expect(api.status).toBe(200);
    // The server-rendered queue dashboard renews the session too.
    const renewed = `authRefresh=${valueOf(setCookies(ours).authRefresh)}`;
    const board = await t.http().get('/admin/queues/api/queues').set('cookie', renewed);
    expect(board.status).toBe(200);
    expect(Object.keys(setCookies(board)).sort()).toEqual(['authRefresh', 'authToken']);
    // Signing out from the browser ends the session its cookies name, bearer token included.
    const latest = `authRefresh=${valueOf(setCookies(board).authRefresh)}`;
    const out = await t
      .http()
      .post('/api/logout')
      .set('cookie', latest)
      .set('origin', 'http://localhost:3000');
    expect(out.status).toBe(200);
    expect((await t.http().get('/api/user').set('cookie', latest)).body.user).toBeNull();
    expect((await t.http().get('/api/user').set(bearer)).body.user).toBeNull();
  });

  it('answers a wrong password with 401 and no hint which part was wrong', async () => {
    const res = await t.http().post('/api/login').send({ username: 'admin', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: 'Invalid username or password.',
      code: 'INVALID_CREDENTIALS',
    });
    const nobody = await t.http().post('/api/login').send({ username: 'nobody', password: 'wrong-password' });
    expect(nobody.body.message).toBe(res.body.message);
  });

  it('reads the current user from a bearer token or the cookie, and an empty user otherwise', async () => {
    const anon = await t.http().get('/api/user');
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ success: true, user: null });

    const token = await registerAndLogin(t, 'reader');
    const bearer = await t.http().get('/api/user').set('authorization', `Bearer ${token}`);
    expect(bearer.body.user).toMatchObject({ username: 'reader', role: 'author' });

    const cookie = await t.http().get('/api/user').set('cookie', `authToken=${token}`);
    expect(cookie.body.user.username).toBe('reader');

    const forged = await t
      .http()
      .get('/api/user')
      .set('authorization', `Bearer ${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(200);
    expect(forged.body.user).toBeNull();
  });

  it('seeds the first admin from SEED_ADMIN_*', async () => {
    const token = await adminToken(t);
    const me = await t.http().get('/api/user').set('authorization', `Bearer ${token}`);
    expect(me.body.user).toMatchObject({ username: 'admin', email: 'admin@example.com', role: 'admin' });
  });

  it('logs out by clearing the cookie and ending the session on the server', async () => {
    const token = await registerAndLogin(t, 'leaver');
    const res = await t.http().post('/api/logout').set('authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/authToken=;/);
    expect(String(res.headers['set-cookie'])).toMatch(/authRefresh=;/);
    // The token itself no longer works, though it has not expired.
    const after = await t.http().get('/api/user').set('authorization', `Bearer ${token}`);
    expect(after.body.user).toBeNull();
    const anon = await t.http().post('/api/logout');
    expect(anon.status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await t.http().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('reports health of the database and Redis', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.info)).toEqual(['database', 'redis']);
  });
});

describe('configuration', () => {
  it('stops with one line naming a malformed DATABASE_URL', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadConfig } = require('../src/config/app-config');
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@h/db', NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@h/db', PORT: 'abc' })).toThrow(
      /^Invalid configuration: PORT /,
    );
  });
});
