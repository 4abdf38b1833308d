import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../src/create-app';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, tokens, Tokens } from './blog-fixtures';
import { SettingsService } from '../src/settings/settings.service';

const NO_LINKS = { instagram: null, youtube: null, soundcloud: null, spotify: null, x: null };

/** Site settings (issue 4): stored in the database, public subset for everyone, the rest admin only. */
describe('site settings (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ SITE_NAME: 'Test Studio', ADMIN_NOTIFY_EMAIL: 'owner@example.com' });
    tk = await tokens(t, 'set');
  });
  afterAll(() => t.close());

  it('starts from the environment defaults and shows the public subset to anyone', async () => {
    const res = await t.http().get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      settings: {
        blogName: 'Test Studio',
        siteDescription: expect.stringContaining('mixing, mastering'),
        socialLinks: NO_LINKS,
      },
    });
    expect(res.body.settings.adminNotifyEmail).toBeUndefined();
  });

  it('keeps the full settings to admins: 401 anonymous, 403 editors and authors', async () => {
    for (const call of [
      () => t.http().get('/api/admin/settings'),
      () => t.http().put('/api/admin/settings').send({ blogName: 'X' }),
    ]) {
      expect((await call()).status).toBe(401);
      expect((await call().set(bearer(tk.editor))).status).toBe(403);
      expect((await call().set(bearer(tk.author))).status).toBe(403);
    }
    const res = await t.http().get('/api/admin/settings').set(bearer(tk.admin));
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      blogName: 'Test Studio',
      adminNotifyEmail: 'owner@example.com',
      socialLinks: NO_LINKS,
    });
  });

  it('updates what is sent, keeps the rest, and is read back by the SettingsService at once', async () => {
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({
        blogName: '  Night Shift  ',
        socialLinks: { instagram: 'https://instagram.com/nightshift', x: '' },
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Settings saved',
      settings: {
        blogName: 'Night Shift',
        adminNotifyEmail: 'owner@example.com',
        socialLinks: { ...NO_LINKS, instagram: 'https://instagram.com/nightshift' },
      },
    });
    const second = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({
        adminNotifyEmail: 'Mail@Example.com',
        socialLinks: { spotify: 'https://open.spotify.com/artist/1' },
      });
    expect(second.body.settings).toMatchObject({
      blogName: 'Night Shift',
      adminNotifyEmail: 'mail@example.com',
      socialLinks: {
        instagram: 'https://instagram.com/nightshift',
        spotify: 'https://open.spotify.com/artist/1',
        x: null,
      },
    });
    await expect(t.app.get(SettingsService).get()).resolves.toMatchObject({
      blogName: 'Night Shift',
      adminNotifyEmail: 'mail@example.com',
    });
    expect((await t.http().get('/api/settings')).body.settings.blogName).toBe('Night Shift');

    const reset = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({ siteDescription: '', adminNotifyEmail: '' });
    expect(reset.body.settings).toMatchObject({
      siteDescription: expect.stringContaining('mixing, mastering'),
      adminNotifyEmail: 'owner@example.com',
    });
  });

  it('validates every field in the error shape', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ blogName: '' }, 'Blog name is required'],
      [{ blogName: 'x'.repeat(101) }, 'Blog name must be at most 100 characters'],
      [{ siteDescription: 'd'.repeat(301) }, 'Site description must be at most 300 characters'],
      [{ adminNotifyEmail: 'nope' }, 'Please enter a valid email address for admin notifications'],
      [
        { socialLinks: { youtube: 'javascript:alert(1)' } },
        'The YouTube link must be a full http or https address',
      ],
      [{ socialLinks: { myspace: 'https://myspace.com/x' } }, 'Unknown field: socialLinks.myspace'],
      [{ studioAddress: 'a'.repeat(501) }, 'The studio address must be at most 500 characters'],
      [
        { vatNumber: 'GB<123>' },
        'The VAT number is 4 to 30 letters, digits and spaces (e.g. GB 123 4567 89)',
      ],
      [{ theme: 'dark' }, 'Unknown field: theme'],
    ];
    for (const [body, message] of cases) {
      const res = await t.http().put('/api/admin/settings').set(bearer(tk.admin)).send(body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
    }
  });

  it('keeps the studio address and VAT number for receipts (admins only), cleared by an empty value', async () => {
    const set = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({ studioAddress: ' 1 Studio Lane\nLondon E1 6AN ', vatNumber: 'GB 123 4567 89' });
    expect(set.status).toBe(200);
    expect(set.body.settings).toMatchObject({
      studioAddress: '1 Studio Lane\nLondon E1 6AN',
      vatNumber: 'GB 123 4567 89',
    });
    expect((await t.http().get('/api/settings')).body.settings.vatNumber).toBeUndefined();
    const cleared = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({ studioAddress: '', vatNumber: '  ' });
    expect(cleared.body.settings).toMatchObject({ studioAddress: null, vatNumber: null });
  });

  it('accepts a local admin address such as admin@localhost, like ADMIN_NOTIFY_EMAIL does', async () => {
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set(bearer(tk.admin))
      .send({ adminNotifyEmail: 'admin@localhost' });
    expect(res.status).toBe(200);
    expect(res.body.settings.adminNotifyEmail).toBe('admin@localhost');
  });
});

/** Issue 28, item 5: every API process caches the settings; a change is seen by all at once. */
describe('site settings on two API processes (HTTP)', () => {
  let t: TestApp;
  let other: NestFastifyApplication;
  let tk: Tokens;

  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    // A second process on the same database and Redis, as a replica behind a load balancer.
    other = await createApp(t.config);
    await other.init();
    await other.getHttpAdapter().getInstance().ready();
    tk = await tokens(t, 'rep');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('serves the new name from the other process as soon as the update has answered', async () => {
    const read = () => request(other.getHttpServer()).get('/api/settings');
    for (const name of ['Replica One', 'Replica Two', 'Replica Three']) {
      // The other process has the old value cached (read twice: the second is from its cache).
      await read();
      const before = (await read()).body.settings.blogName;
      expect(before).not.toBe(name);
      const res = await t.http().put('/api/admin/settings').set(bearer(tk.admin)).send({ blogName: name });
      expect(res.status).toBe(200);
      expect((await read()).body.settings.blogName).toBe(name);
    }
  });
});
