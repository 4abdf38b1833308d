import { MESSAGES, PAGINATION } from '@studio/shared';
import { adminToken, createTestApp, TestApp } from './support/test-app';

const NUL = '\u0000';
const LONE = '\ud800';

/** A 400 in the one error shape, naming the unsafe character. */
function expectRefused(res: { status: number; body: Record<string, unknown> }) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    success: false,
    message: MESSAGES.unsafeText,
    code: 'INVALID_CHARACTERS',
  });
}

describe('input rules (HTTP)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const contact = {
    name: 'Ada',
    email: 'ada@example.com',
    service: 'mix',
    message: 'A long enough message.',
  };

  it('refuses a NUL byte in every place issue 16 found a 500', async () => {
    expectRefused(
      await t
        .http()
        .post('/api/contact')
        .send({ ...contact, name: `A${NUL}da` }),
    );
    expectRefused(
      await t
        .http()
        .post('/api/contact-v2')
        .send({ ...contact, message: `Hello${NUL} there, friends` }),
    );
    expectRefused(
      await t
        .http()
        .post('/api/register')
        .send({ username: `u${NUL}ser`, email: 'x@example.com', password: 'password-123' }),
    );
    expectRefused(
      await t
        .http()
        .post('/api/login')
        .send({ username: `a${NUL}dmin`, password: 'x' }),
    );
    expectRefused(
      await t
        .http()
        .post('/api/referral/validate')
        .send({ code: `ABC${NUL}DEF` }),
    );
    expectRefused(await t.http().get('/api/blog/posts?search=%00'));
    expectRefused(await t.http().get('/api/blog/posts/slug%00'));
    expectRefused(await t.http().get('/api/referral/list?email=a%00@example.com'));
  });

  it('refuses unpaired surrogates and unsafe keys, and names the field', async () => {
    const res = await t
      .http()
      .post('/api/contact')
      .set('content-type', 'application/json')
      .send(`{"name":"Ada","email":"ada@example.com","service":"mix","message":"broken \\ud800 text here"}`);
    expectRefused(res);
    expect(res.body.errors).toEqual([{ field: 'message', message: MESSAGES.unsafeText }]);
    expectRefused(
      await t
        .http()
        .post('/api/contact')
        .send({ ...contact, [`x${NUL}`]: 1 }),
    );
    expectRefused(
      await t
        .http()
        .post('/api/newsletter/subscribe')
        .send({ email: [`a${LONE}@example.com`] }),
    );
    // A well-formed pair (an emoji) is fine.
    const ok = await t
      .http()
      .post('/api/contact')
      .send({ ...contact, name: 'Ada 🎧' });
    expect(ok.status).toBe(201);
  });

  it('refuses a NUL byte in a multipart field', async () => {
    const res = await t
      .http()
      .post('/api/admin/blog/posts')
      .set('authorization', `Bearer ${admin}`)
      .field('data', JSON.stringify({ title: `Title${NUL}`, content: 'x'.repeat(60) }));
    expectRefused(res);
    const media = await t
      .http()
      .post('/api/admin/blog/media')
      .set('authorization', `Bearer ${admin}`)
      .field('altText', `alt${NUL}`)
      .attach('file', Buffer.from('GIF89a'), 'a.gif');
    expectRefused(media);
  });

  it('bounds limit and offset of the admin and public lists', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    // One PageQueryDto bounds them all: blog lists, the back-office lists and the audit log.
    for (const path of [
      '/api/admin/blog/posts',
      '/api/admin/blog/comments',
      '/api/blog/posts',
      '/api/admin/subscribers',
      '/api/admin/audit',
    ]) {
      const over = await t
        .http()
        .get(`${path}?offset=${PAGINATION.maxOffset + 1}`)
        .set(auth);
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ success: false, message: MESSAGES.pageOffset });
      const huge = await t.http().get(`${path}?offset=1e20&limit=1000`).set(auth);
      expect(huge.status).toBe(400);
      const ok = await t
        .http()
        .get(`${path}?offset=${PAGINATION.maxOffset}&limit=${PAGINATION.maxLimit}`)
        .set(auth);
      expect(ok.status).toBe(200);
    }
  });
});
