import { ACCOUNT_MESSAGES } from '@studio/shared';
import { createTestApp, TestApp, adminToken, registerAndLogin } from './support/test-app';

describe('accounts (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toContain(`authToken=${res.body.authToken}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    }
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
