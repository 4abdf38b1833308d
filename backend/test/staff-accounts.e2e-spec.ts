import { authenticator } from 'otplib';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ACCOUNT_MESSAGES } from '@studio/shared';
import { createCategory, createPost, createTag, IMAGES, resetRateLimits } from './blog-fixtures';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { adminToken, loginAs, registerAndLogin, TestApp } from './support/test-app';

const MAIL_ENV = { MAIL_RETRY_DELAY_MS: '200', PUBLIC_URL: 'https://studio.example.com' };
const PASSWORD = 'password-123';

/** The token of the newest mailed link to `address` whose path is `path`. */
async function linkToken(sink: SmtpSink, address: string, path: string, count = 1): Promise<string> {
  const mails = await sink.waitForMailsTo(address, count);
  const text = mails[mails.length - 1].parsed.text ?? '';
  const match = new RegExp(`https://studio\\.example\\.com${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** A TOTP code `steps` periods from now (a code not yet used, for replay protection). */
const totpAt = (secret: string, steps = 0) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

describe('staff accounts (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) => (await t.http().get('/api/user').set(auth(token))).body.user;
  const db = () => t.app.get(DataSource);
  /** Turns two-factor sign-in on for the account behind `token`; returns its TOTP secret. */
  const enrolTwoFactor = async (token: string): Promise<string> => {
    const { secret } = (await t.http().post('/api/account/2fa/setup').set(auth(token))).body;
    await t
      .http()
      .post('/api/account/2fa/confirm')
      .set(auth(token))
      .send({ code: totpAt(secret) })
      .expect(200);
    return secret;
  };
  const auditActions = async () =>
    ((await db().query('SELECT action FROM audit_log ORDER BY id')) as { action: string }[]).map(
      (r) => r.action,
    );

  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink(MAIL_ENV));
  });
  afterAll(() => closeTestApp(t, sink));
  beforeEach(() => resetRateLimits(t));

  describe('password reset by email', () => {
    it('answers the same for known and unknown addresses, and mails a single-use link', async () => {
      const other = await registerAndLogin(t, 'resetter');
      const known = await t.http().post('/api/password/forgot').send({ email: 'RESETTER@example.com' });
      const unknown = await t.http().post('/api/password/forgot').send({ email: 'nobody@example.com' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.forgotAnswer });
      expect(unknown.body).toEqual(known.body);

      const token = await linkToken(sink, 'resetter@example.com', '/reset-password');
      const stored = await db().query('SELECT token_hash FROM account_tokens WHERE purpose = $1', ['reset']);
      expect(JSON.stringify(stored)).not.toContain(token);

      const common = await t.http().post('/api/password/reset').send({ token, password: 'qwerty123' });
      expect(common.status).toBe(400);
      expect(common.body.code).toBe('PASSWORD_TOO_COMMON');

      const ok = await t.http().post('/api/password/reset').send({ token, password: 'new-secret-99' });
      expect(ok.status).toBe(200);
      // Every session of the account ended; the new password works, the old does not.
      expect(await me(other)).toBeNull();
      await loginAs(t, 'resetter', 'new-secret-99');
      const old = await t.http().post('/api/login').send({ username: 'resetter', password: PASSWORD });
      expect(old.status).toBe(401);

      const again = await t.http().post('/api/password/reset').send({ token, password: 'another-secret-1' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        success: false,
        message: ACCOUNT_MESSAGES.resetTokenInvalid,
        code: 'RESET_TOKEN_INVALID',
      });
      expect(await auditActions()).toContain('user.password_reset');
    });

    it('answers before any work on the address: a known one waits on nothing an unknown one skips', async () => {
      await registerAndLogin(t, 'waiter');
      // Hold the table every reset link is written to: the answer must not wait for it.
      const holder = new Client({ connectionString: t.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE account_tokens IN ACCESS EXCLUSIVE MODE');
        const res = await t
          .http()
          .post('/api/password/forgot')
          .send({ email: 'waiter@example.com' })
          .timeout(5000);
        expect(res.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.forgotAnswer });
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
      // The link is still made and mailed, once the table is free.
      await linkToken(sink, 'waiter@example.com', '/reset-password');
    });

    it('refuses an expired link, a made-up one and an invitation link', async () => {
      await registerAndLogin(t, 'expiry');
      await t.http().post('/api/password/forgot').send({ email: 'expiry@example.com' }).expect(200);
      const token = await linkToken(sink, 'expiry@example.com', '/reset-password');
      await db().query(`UPDATE account_tokens SET expires_at = now() - interval '1 minute'`);
      for (const bad of [token, 'made-up-token']) {
        const res = await t
          .http()
          .post('/api/password/reset')
          .send({ token: bad, password: 'new-secret-99' });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('RESET_TOKEN_INVALID');
      }
      const missing = await t.http().post('/api/password/reset').send({ password: 'new-secret-99' });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('VALIDATION_FAILED');
    });
  });

  it('changes a password with the current one and ends the other sessions only', async () => {
    const first = await registerAndLogin(t, 'changer');
    const second = await loginAs(t, 'changer', PASSWORD);
    const wrong = await t
      .http()
      .post('/api/password/change')
      .set(auth(first))
      .send({ currentPassword: 'not-it-at-all', newPassword: 'fresh-secret-77' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await t
      .http()
      .post('/api/password/change')
      .set(auth(first))
      .send({ currentPassword: PASSWORD, newPassword: 'fresh-secret-77' });
    expect(ok.status).toBe(200);
    expect((await me(first)).username).toBe('changer');
    expect(await me(second)).toBeNull();
    const anon = await t
      .http()
      .post('/api/password/change')
      .send({ currentPassword: PASSWORD, newPassword: 'fresh-secret-77' });
    expect(anon.status).toBe(401);
  });

  it('locks an account after repeated failures, mails its owner, and treats unknown names alike', async () => {
    await registerAndLogin(t, 'target');
    const attempt = (username: string, password = 'wrong-password') =>
      t.http().post('/api/login').send({ username, password });
    // Concurrently: the counter is atomic, and the hashes are slow.
    const failures = await Promise.all(
      [...Array(5).keys()].flatMap(() => [attempt('target'), attempt('ghost-account')]),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(10).fill(401));
    await resetRateLimits(t);
    const locked = await attempt('target', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      message: ACCOUNT_MESSAGES.accountLocked,
      code: 'ACCOUNT_LOCKED',
    });
    expect((await attempt('ghost-account')).body).toEqual(locked.body);
    const [notice] = await sink.waitForMailsTo('target@example.com');
    expect(notice.parsed.subject).toBe('Sign-in paused after failed attempts');
  });

  it("keeps the owner's known browser signing in while others' failures lock the account", async () => {
    await registerAndLogin(t, 'besieged');
    const attempt = (password: string, device?: string) => {
      const req = t.http().post('/api/login').send({ username: 'besieged', password });
      return device ? req.set('cookie', `studioDevice=${device}`) : req;
    };
    const first = await attempt(PASSWORD);
    const device = String(first.headers['set-cookie']).match(/studioDevice=([^;]+)/)![1];
    // Someone else, from rotating addresses and without the owner's device cookie.
    for (let i = 0; i < 5; i++) expect((await attempt('guess-number-' + i)).status).toBe(401);
    await resetRateLimits(t);
    const elsewhere = await attempt(PASSWORD);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.code).toBe('ACCOUNT_LOCKED');
    // The owner's own browser is not locked out by them.
    const owner = await attempt(PASSWORD, device);
    expect(owner.status).toBe(200);
    expect(owner.body.user.username).toBe('besieged');
    // ... and the lock still holds everywhere else, with its wait growing.
    expect((await attempt(PASSWORD)).status).toBe(429);
    // A known browser's own failures back off the same way, for that browser.
    await resetRateLimits(t);
    for (let i = 0; i < 5; i++) expect((await attempt('typo-' + i, device)).status).toBe(401);
    expect((await attempt(PASSWORD, device)).status).toBe(429);
    const locked = () =>
      sink
        .to('besieged@example.com')
        .filter((m) => m.parsed.subject === 'Sign-in paused after failed attempts');
    await sink.waitFor(() => locked().length === 2, 15_000, 'two lockout notices');
    const [byOthers, byOwnBrowser] = locked();
    expect(byOthers.parsed.text).toContain('the browsers you already use keep working with your password');
    expect(byOwnBrowser.parsed.text).toContain('Sign-in from that browser');
  });

  it('mails a sign-in notice for a new device, not for a known one', async () => {
    await registerAndLogin(t, 'traveller');
    const login = (cookie?: string) => {
      const req = t.http().post('/api/login').send({ username: 'traveller', password: PASSWORD });
      return cookie ? req.set('cookie', cookie) : req;
    };
    const first = await login();
    const device = String(first.headers['set-cookie']).match(/studioDevice=([^;]+)/)?.[1];
    expect(device).toBeTruthy();
    await login(`studioDevice=${device}`).expect(200);
    const [notice] = await sink.waitForMailsTo('traveller@example.com');
    expect(notice.parsed.subject).toBe('New sign-in to your account');
    await new Promise((r) => setTimeout(r, 300));
    // Registration and the first login came from cookie-less clients; the cookied one is known.
    expect(sink.to('traveller@example.com')).toHaveLength(1);
  });

  describe('staff management', () => {
    it('invites by email; the invitee sets a password from the link once and signs in', async () => {
      const admin = await adminToken(t);
      const res = await t
        .http()
        .post('/api/admin/users/invite')
        .set(auth(admin))
        .send({ email: 'New.Editor@example.com', role: 'editor' });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        email: 'new.editor@example.com',
        role: 'editor',
        status: 'invited',
      });
      const username = res.body.user.username as string;

      const dupe = await t
        .http()
        .post('/api/admin/users/invite')
        .set(auth(admin))
        .send({ email: 'new.editor@example.com', role: 'author' });
      expect(dupe.status).toBe(409);

      await t
        .http()
        .post(`/api/admin/users/${res.body.user.id}/resend-invitation`)
        .set(auth(admin))
        .expect(200);
      const token = await linkToken(sink, 'new.editor@example.com', '/accept-invitation', 2);
      const accept = () =>
        t.http().post('/api/invitations/accept').send({ token, password: 'editor-secret-1' });
      const accepted = await accept();
      expect(accepted.status).toBe(200);
      const twice = await accept();
      expect(twice.status).toBe(400);
      expect(twice.body.code).toBe('INVITE_TOKEN_INVALID');
      const count = await db().query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [
        'new.editor@example.com',
      ]);
      expect(count[0].n).toBe(1);
      const token2 = await loginAs(t, username, 'editor-secret-1');
      expect((await me(token2)).role).toBe('editor');
      // The editor may not use any admin endpoint of this feature.
      for (const path of ['/api/admin/users', '/api/admin/audit', '/api/admin/audit/export']) {
        expect((await t.http().get(path).set(auth(token2))).status).toBe(403);
      }
      expect(
        (
          await t
            .http()
            .post('/api/admin/users/invite')
            .set(auth(token2))
            .send({ email: 'x@example.com', role: 'admin' })
        ).status,
      ).toBe(403);
    });

    it('changes roles, deactivates (sessions end at once) and protects the last admin', async () => {
      const admin = await adminToken(t);
      const userToken = await registerAndLogin(t, 'promotable');
      const id = (await me(userToken)).id as number;
      const role = await t
        .http()
        .patch(`/api/admin/users/${id}/role`)
        .set(auth(admin))
        .send({ role: 'admin' });
      expect(role.status).toBe(200);
      expect(role.body.user.role).toBe('admin');
      const bad = await t
        .http()
        .patch(`/api/admin/users/${id}/role`)
        .set(auth(admin))
        .send({ role: 'owner' });
      expect(bad.status).toBe(400);

      const off = await t.http().post(`/api/admin/users/${id}/deactivate`).set(auth(admin));
      expect(off.body.user.status).toBe('deactivated');
      expect(await me(userToken)).toBeNull();
      const login = await t.http().post('/api/login').send({ username: 'promotable', password: PASSWORD });
      expect(login.status).toBe(401);

      const adminId = (await me(admin)).id as number;
      const demote = await t
        .http()
        .patch(`/api/admin/users/${adminId}/role`)
        .set(auth(admin))
        .send({ role: 'editor' });
      expect(demote.status).toBe(409);
      expect(demote.body).toEqual({
        success: false,
        message: ACCOUNT_MESSAGES.lastAdmin,
        code: 'LAST_ADMIN',
      });
      const self = await t.http().post(`/api/admin/users/${adminId}/deactivate`).set(auth(admin));
      expect(self.status).toBe(409);
      expect((await t.http().post('/api/admin/users/999999/deactivate').set(auth(admin))).status).toBe(404);
      expect((await t.http().post('/api/admin/users/abc/deactivate').set(auth(admin))).status).toBe(400);

      const list = await t.http().get('/api/admin/users').set(auth(admin));
      expect(list.body.users.find((u: { id: number }) => u.id === id).status).toBe('deactivated');
      const actions = await auditActions();
      expect(actions).toEqual(expect.arrayContaining(['user.invite', 'user.role', 'user.deactivate']));
    });
  });

  describe('two-factor sign-in', () => {
    it('enrols with a QR code, then signs in with a TOTP code or a recovery code once', async () => {
      const token = await registerAndLogin(t, 'twofa');
      const setup = await t.http().post('/api/account/2fa/setup').set(auth(token));
      expect(setup.status).toBe(200);
      expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.otpauthUrl).toContain('otpauth://totp/');
      const secret = setup.body.secret as string;

      const wrong = await t.http().post('/api/account/2fa/confirm').set(auth(token)).send({ code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('TWO_FACTOR_CODE_WRONG');
      const confirm = await t
        .http()
        .post('/api/account/2fa/confirm')
        .set(auth(token))
        .send({ code: totpAt(secret) });
      expect(confirm.status).toBe(200);
      const codes = confirm.body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      const stored = JSON.stringify(await db().query('SELECT code_hash FROM two_factor_recovery_codes'));
      expect(stored).not.toContain(codes[0].replace('-', ''));

      const step1 = await t.http().post('/api/login').send({ username: 'twofa', password: PASSWORD });
      expect(step1.status).toBe(200);
      expect(step1.body).toMatchObject({ success: true, twoFactorRequired: true });
      expect(step1.body.authToken).toBeUndefined();
      const challenge = step1.body.challenge as string;
      // The challenge is no session.
      expect(await me(challenge)).toBeNull();

      const bad = await t.http().post('/api/login/2fa').send({ challenge, code: '123456' });
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe('TWO_FACTOR_CODE_WRONG');
      const good = await t
        .http()
        .post('/api/login/2fa')
        .send({ challenge, code: totpAt(secret, 1) });
      expect(good.status).toBe(200);
      expect((await me(good.body.authToken)).username).toBe('twofa');
      // The challenge worked once: not again, not even with another good factor.
      const spent = await t.http().post('/api/login/2fa').send({ challenge, code: codes[2] });
      expect(spent.status).toBe(401);
      expect(spent.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');

      const nextChallenge = async () =>
        (await t.http().post('/api/login').send({ username: 'twofa', password: PASSWORD })).body
          .challenge as string;
      // The same TOTP code with a fresh challenge is a replay.
      const replay = await t
        .http()
        .post('/api/login/2fa')
        .send({ challenge: await nextChallenge(), code: totpAt(secret, 1) });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('TWO_FACTOR_CODE_WRONG');

      const byRecovery = await t
        .http()
        .post('/api/login/2fa')
        .send({ challenge: await nextChallenge(), code: codes[3].toUpperCase() });
      expect(byRecovery.status).toBe(200);
      const reused = await t
        .http()
        .post('/api/login/2fa')
        .send({ challenge: await nextChallenge(), code: codes[3] });
      expect(reused.status).toBe(401);
      const fresh = await nextChallenge();
      const forged = await t
        .http()
        .post('/api/login/2fa')
        .send({ challenge: `${fresh}x`, code: codes[4] });
      expect(forged.status).toBe(401);
      expect(forged.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
      // A newer password step replaces the older challenge.
      await nextChallenge();
      const replaced = await t.http().post('/api/login/2fa').send({ challenge: fresh, code: codes[4] });
      expect(replaced.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
      expect(JSON.stringify(await db().query(`SELECT token_hash FROM account_tokens`))).not.toContain(fresh);

      const status = await t.http().get('/api/account/2fa').set(auth(good.body.authToken));
      expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
      expect(await auditActions()).toContain('user.2fa_enable');
    });

    it('turns 2FA off only with a current code', async () => {
      const token = await registerAndLogin(t, 'switcher');
      const secret = await enrolTwoFactor(token);
      const wrong = await t.http().post('/api/account/2fa/disable').set(auth(token)).send({ code: '000000' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('TWO_FACTOR_CODE_WRONG');
      expect((await t.http().get('/api/account/2fa').set(auth(token))).body.enabled).toBe(true);
      const off = await t
        .http()
        .post('/api/account/2fa/disable')
        .set(auth(token))
        .send({ code: totpAt(secret, 1) });
      expect(off.status).toBe(200);
      expect((await t.http().get('/api/account/2fa').set(auth(token))).body.enabled).toBe(false);
      expect(await auditActions()).toContain('user.2fa_disable');
    });

    it('counts wrong codes with the login failures', async () => {
      await registerAndLogin(t, 'guesser');
      const token = await loginAs(t, 'guesser', PASSWORD);
      await enrolTwoFactor(token);
      const { challenge } = (
        await t.http().post('/api/login').send({ username: 'guesser', password: PASSWORD })
      ).body;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await t.http().post('/api/login/2fa').send({ challenge, code: '000000' })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('lets an admin require 2FA: staff without it are held to their own pages', async () => {
      const admin = await adminToken(t);
      const refused = await t
        .http()
        .put('/api/admin/users/security')
        .set(auth(admin))
        .send({ requireTwoFactor: true });
      expect(refused.status).toBe(409);
      // A second admin with 2FA turns the requirement on.
      const secToken = await registerAndLogin(t, 'secadmin');
      const editorToken = await registerAndLogin(t, 'editor2fa');
      for (const [token, role] of [
        [secToken, 'admin'],
        [editorToken, 'editor'],
      ]) {
        const id = (await me(token)).id as number;
        await t.http().patch(`/api/admin/users/${id}/role`).set(auth(admin)).send({ role }).expect(200);
      }
      const secret = await enrolTwoFactor(secToken);
      const on = await t
        .http()
        .put('/api/admin/users/security')
        .set(auth(secToken))
        .send({ requireTwoFactor: true });
      expect(on.status).toBe(200);
      try {
        // While the studio requires it, staff cannot turn their own off, whatever the code.
        const kept = await t
          .http()
          .post('/api/account/2fa/disable')
          .set(auth(secToken))
          .send({ code: totpAt(secret, 1) });
        expect(kept.status).toBe(409);
        expect(kept.body.code).toBe('TWO_FACTOR_REQUIRED');
        const blocked = await t.http().get('/api/admin/blog/posts').set(auth(editorToken));
        expect(blocked.status).toBe(403);
        expect(blocked.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
        const user = await t.http().get('/api/user').set(auth(editorToken));
        expect(user.body.twoFactor).toEqual({ enabled: false, setupRequired: true });
        expect((await t.http().post('/api/account/2fa/setup').set(auth(editorToken))).status).toBe(200);
        expect((await t.http().get('/api/admin/blog/posts').set(auth(secToken))).status).toBe(200);
        // The queue dashboard holds an admin without 2FA (the seeded one) to the same rule.
        const board = await t.http().get('/admin/queues/api/queues').set(auth(admin));
        expect(board.status).toBe(403);
        expect(board.body).toEqual({
          success: false,
          message: ACCOUNT_MESSAGES.twoFactorRequiredSetup,
          code: 'TWO_FACTOR_SETUP_REQUIRED',
        });
        const page = await t.http().get('/admin/queues').set(auth(admin)).set('accept', 'text/html');
        expect(page.status).toBe(403);
        expect(page.text).toContain(ACCOUNT_MESSAGES.twoFactorRequiredSetup);
        expect((await t.http().get('/admin/queues/api/queues').set(auth(secToken))).status).toBe(200);
      } finally {
        await t.http().put('/api/admin/users/security').set(auth(secToken)).send({ requireTwoFactor: false });
      }
      expect((await t.http().get('/api/admin/blog/posts').set(auth(editorToken))).status).toBe(200);
      expect(await auditActions()).toContain('security.update');
    });
  });

  it('records the staff actions of the blog and settings with who, where and before/after', async () => {
    const admin = await adminToken(t);
    const h = auth(admin);
    const post = await createPost(t, admin, { title: 'Audited post' });
    await t.http().put(`/api/admin/blog/posts/${post.id}`).set(h).send({ status: 'published' }).expect(200);
    const category = await createCategory(t, admin, 'Audited category');
    await t
      .http()
      .put(`/api/admin/blog/categories/${category.id}`)
      .set(h)
      .send({ name: 'Renamed' })
      .expect(200);
    const tag = await createTag(t, admin, 'Audited tag');
    await t.http().delete(`/api/admin/blog/tags/${tag.id}`).set(h).expect(200);
    await t.http().delete(`/api/admin/blog/categories/${category.id}`).set(h).expect(200);
    const media = await t.http().post('/api/admin/blog/media').set(h).attach('file', IMAGES.png, 'a.png');
    expect(media.status).toBe(201);
    await t.http().delete(`/api/admin/blog/media/${media.body.media.id}`).set(h).expect(200);
    await t
      .http()
      .post(`/api/blog/posts/${post.slug}/comments`)
      .send({ authorName: 'Ana', authorEmail: 'ana@example.com', content: 'Great tips, thanks!' })
      .expect(201);
    const [comment] = await db().query('SELECT id FROM comments ORDER BY id DESC LIMIT 1');
    await t.http().put(`/api/admin/blog/comments/${comment.id}/approve`).set(h).expect(200);
    await t.http().delete(`/api/admin/blog/comments/${comment.id}`).set(h).expect(200);
    await t.http().put('/api/admin/settings').set(h).send({ blogName: 'Audited Blog' }).expect(200);
    await t.http().delete(`/api/admin/blog/posts/${post.id}`).set(h).expect(200);

    const entries = (await t.http().get('/api/admin/audit?limit=50').set(h)).body.entries as {
      action: string;
      actorName: string;
      before: unknown;
      after: unknown;
      summary: string;
    }[];
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'post.publish',
        'category.create',
        'category.update',
        'category.delete',
        'tag.create',
        'tag.delete',
        'media.upload',
        'media.delete',
        'comment.moderate',
        'comment.delete',
        'settings.update',
        'post.delete',
      ]),
    );
    const settings = entries.find((e) => e.action === 'settings.update');
    expect(settings).toMatchObject({ actorName: 'admin', after: { blogName: 'Audited Blog' } });
    expect(entries.find((e) => e.action === 'post.publish')).toMatchObject({
      summary: 'Published “Audited post”',
      before: { status: 'draft' },
    });
  });

  it('exports everything held about an address as JSON, then erases it (payments anonymised)', async () => {
    const admin = await adminToken(t);
    const email = 'subject@example.com';
    await t
      .http()
      .post('/api/contact')
      .send({
        name: 'Data Subject',
        email,
        service: 'mix-master',
        message: 'Please mix my five-track EP soon.',
      })
      .expect(201);
    await t.http().post('/api/newsletter/subscribe').send({ email }).expect(201);
    await t.http().post('/api/referral/generate').send({ email }).expect(201);
    const [paid] = await db().query(
      `INSERT INTO payments (kind, amount, currency, status, customer_email, stripe_customer_id, metadata)
       VALUES ('deposit', 4500, 'gbp', 'succeeded', $1, 'cus_123', '{"instructions":"vocals up","serviceName":"Mix"}')
       RETURNING id`,
      [email.toUpperCase()],
    );
    await db().query(
      `INSERT INTO projects (payment_id, customer_email, customer_name, service_name, quoted_pence, deposit_pence, revision_rounds)
       VALUES ($1, $2, 'Data Subject', 'Mix', 9000, 4500, 2)`,
      [paid.id, email],
    );

    const editor = await registerAndLogin(t, 'nosyeditor');
    await db().query(`UPDATE users SET role = 'editor' WHERE username = 'nosyeditor'`);
    const denied = await t.http().post('/api/admin/data-requests/export').set(auth(editor)).send({ email });
    expect(denied.status).toBe(403);
    const invalid = await t
      .http()
      .post('/api/admin/data-requests/export')
      .set(auth(admin))
      .send({ email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(ACCOUNT_MESSAGES.dataRequestEmail);

    const neighbour = 'best.subject@example.com';
    await t.http().post('/api/admin/data-requests/export').set(auth(admin)).send({ email: neighbour });
    const exported = await t
      .http()
      .post('/api/admin/data-requests/export')
      .set(auth(admin))
      .send({ email: email.toUpperCase() });
    expect(exported.status).toBe(200);
    const { sections } = exported.body;
    expect(sections.contactMessages).toHaveLength(1);
    expect(sections.newsletter[0]).toMatchObject({ kind: 'subscription', email });
    expect(sections.referralCodes).toHaveLength(1);
    expect(sections.payments[0]).toMatchObject({ amount: 4500, metadata: { instructions: 'vocals up' } });
    expect(sections.projects[0]).toMatchObject({
      customerName: 'Data Subject',
      serviceName: 'Mix',
      files: [],
    });
    // The stored mails (jobs carry ids only; the mails themselves are in mail_messages).
    expect(sections.mails.map((m: { jobId: string }) => m.jobId)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^contact-\d+-thank-you$/),
        expect.stringMatching(/^contact-\d+-notification$/),
      ]),
    );

    const erased = await t.http().post('/api/admin/data-requests/erase').set(auth(admin)).send({ email });
    expect(erased.status).toBe(200);
    expect(erased.body.erased).toMatchObject({
      contactMessages: { deleted: 1 },
      newsletter: { deleted: 1 },
      referralCodes: { deleted: 1 },
      payments: { deleted: 0, anonymised: 1 },
      projects: { anonymised: 1 },
    });
    expect(erased.body.erased.mails.deleted).toBeGreaterThanOrEqual(2);
    expect(
      await db().query(`SELECT job_id FROM mail_messages WHERE payload::text ILIKE '%subject@example.com%'`),
    ).toEqual([]);
    // The audit log keeps that the export happened, under a pseudonym instead of the address (in
    // the CSV too); another address that merely contains this one is left alone.
    const log = JSON.stringify(await db().query(`SELECT * FROM audit_log`));
    expect(log).toContain(neighbour);
    expect(log.split(neighbour).join('').toLowerCase()).not.toContain(email);
    const exportEntry = (await db().query(
      `SELECT summary, target_id FROM audit_log WHERE action = 'data.export' ORDER BY id OFFSET 1 LIMIT 1`,
    )) as { summary: string; target_id: string }[];
    expect(exportEntry[0].target_id).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    expect(exportEntry[0].summary).toBe(`Exported the data held about ${exportEntry[0].target_id}`);
    expect(erased.body.erased.auditLog).toEqual({ deleted: 0, anonymised: 1 });
    const csv = await t.http().get('/api/admin/audit/export').set(auth(admin));
    expect(csv.status).toBe(200);
    expect(csv.text.split(neighbour).join('').toLowerCase()).not.toContain(email);
    expect(csv.text).toContain(exportEntry[0].target_id);
    const after = await t.http().post('/api/admin/data-requests/export').set(auth(admin)).send({ email });
    expect(Object.values(after.body.sections).flat()).toHaveLength(0);
    const [payment] = await db().query(
      'SELECT customer_email, stripe_customer_id, metadata, amount FROM payments',
    );
    expect(payment).toEqual({
      customer_email: 'erased@erased.invalid',
      stripe_customer_id: null,
      metadata: { serviceName: 'Mix' },
      amount: 4500,
    });
    expect(await auditActions()).toEqual(expect.arrayContaining(['data.export', 'data.erase']));
  });

  it('keeps the audit log append-only, filterable and exportable as CSV', async () => {
    const admin = await adminToken(t);
    await expect(db().query('UPDATE audit_log SET summary = $1', ['x'])).rejects.toThrow(/append-only/);
    await expect(db().query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const list = await t.http().get('/api/admin/audit?action=user.role&limit=5').set(auth(admin));
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.entries[0]).toMatchObject({ action: 'user.role', actorName: 'admin' });
    expect(list.body.entries[0].ip).toBeTruthy();
    const bad = await t.http().get('/api/admin/audit?from=yesterday').set(auth(admin));
    expect(bad.status).toBe(400);
    // A year PostgreSQL cannot store is refused up front, not a CSV cut off mid-stream (found by fuzzing).
    const farOff = await t
      .http()
      .get(`/api/admin/audit/export?from=${encodeURIComponent('+099602-12-05T20:01:46.392Z')}`)
      .set(auth(admin));
    expect(farOff.status).toBe(400);
    expect(farOff.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const csv = await t.http().get('/api/admin/audit/export?action=user.role').set(auth(admin));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actorId,actorName,ip,action,targetType,targetId,summary,before,after');
    expect(lines.length).toBe(list.body.total + 1);
    expect(await auditActions()).toContain('audit.export');
  });
});
