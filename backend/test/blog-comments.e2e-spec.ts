import { DataSource } from 'typeorm';
import { createTestApp, registerAndLogin, TestApp } from './support/test-app';
import { bearer, createPost, resetRateLimits, tokens, Tokens } from './blog-fixtures';

const THANKS = 'Thanks! Your comment will appear once it has been approved.';

/** Comments: stored unapproved, public once approved, a honeypot and a rate limit. */
describe('blog comments (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;
  let live: { id: number; slug: string };
  const good = { authorName: 'Ana', authorEmail: 'Ana@Example.com', content: 'Great tips, thanks!' };

  beforeAll(async () => {
    t = await createTestApp();
    tk = await tokens(t, 'com');
    live = await createPost(t, tk.admin, { title: 'Commentable', status: 'published' });
    await createPost(t, tk.admin, { title: 'Hidden draft' });
  });
  afterAll(() => t.close());
  beforeEach(() => resetRateLimits(t));

  const comments = () =>
    t.app.get(DataSource).query(`SELECT * FROM comments ORDER BY id`) as Promise<Record<string, unknown>[]>;

  it('stores a comment unapproved and thanks the visitor', async () => {
    const res = await t.http().post(`/api/blog/posts/${live.slug}/comments`).send(good);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: THANKS });
    const rows = await comments();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      post_id: live.id,
      author_name: 'Ana',
      author_email: 'ana@example.com',
      approved: false,
      user_id: null,
    });
    const publicList = await t.http().get(`/api/blog/posts/${live.slug}/comments`);
    expect(publicList.body).toEqual({ success: true, comments: [] });
  });

  it('validates name (2-100), email and content (at least 5) in the error shape', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ authorName: 'A' }, 'authorName', 'Name must be at least 2 characters'],
      [{ authorName: 'x'.repeat(101) }, 'authorName', 'Name must be at most 100 characters'],
      [{ authorEmail: 'not-an-email' }, 'authorEmail', 'Please enter a valid email address.'],
      [{ content: 'hey' }, 'content', 'Comment must be at least 5 characters'],
      [{ content: undefined }, 'content', 'Comment is required'],
      [{ approved: true }, 'approved', 'Unknown field: approved'],
    ];
    for (const [patch, field, message] of cases) {
      await resetRateLimits(t);
      const res = await t
        .http()
        .post(`/api/blog/posts/${live.slug}/comments`)
        .send({ ...good, ...patch });
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.body).toMatchObject({
        success: false,
        message,
        errors: expect.arrayContaining([{ field, message }]),
      });
    }
  });

  it('answers 404 for comments on a post that is not public', async () => {
    const res = await t.http().post('/api/blog/posts/hidden-draft/comments').send(good);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Post not found', code: 'POST_NOT_FOUND' });
    expect((await t.http().get('/api/blog/posts/hidden-draft/comments')).status).toBe(404);
  });

  it('answers a bot that fills the honeypot like anyone else, but keeps nothing', async () => {
    const before = (await comments()).length;
    const res = await t
      .http()
      .post(`/api/blog/posts/${live.slug}/comments`)
      .send({ ...good, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: THANKS });
    expect(await comments()).toHaveLength(before);
  });

  it('lets staff list, approve, unapprove and delete; only approved comments are public', async () => {
    const token = await registerAndLogin(t, 'commenter');
    await t
      .http()
      .post(`/api/blog/posts/${live.slug}/comments`)
      .set(bearer(token))
      .send({ ...good, authorName: 'Member', content: 'Logged in comment' })
      .expect(201);

    for (const path of ['/api/admin/blog/comments', '/api/admin/blog/comments/1/approve']) {
      const method = path.endsWith('approve') ? 'put' : 'get';
      expect((await t.http()[method](path)).status).toBe(401);
      expect((await t.http()[method](path).set(bearer(tk.author))).status).toBe(403);
    }

    const pending = await t.http().get('/api/admin/blog/comments?status=pending').set(bearer(tk.editor));
    expect(pending.status).toBe(200);
    expect(pending.body.total).toBe(2);
    const member = pending.body.comments.find((c: { authorName: string }) => c.authorName === 'Member');
    expect(member).toMatchObject({
      authorEmail: 'ana@example.com',
      approved: false,
      post: { id: live.id, title: 'Commentable', slug: live.slug },
    });
    expect((await comments()).find((c) => c.id === member.id)?.user_id).toEqual(expect.any(Number));

    const approve = await t
      .http()
      .put(`/api/admin/blog/comments/${member.id}/approve`)
      .set(bearer(tk.editor));
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({
      success: true,
      message: 'Comment approved',
      comment: { id: member.id, approved: true },
    });

    const publicList = await t.http().get(`/api/blog/posts/${live.slug}/comments`);
    expect(publicList.body.comments).toEqual([
      {
        id: member.id,
        postId: live.id,
        parentId: null,
        authorName: 'Member',
        content: 'Logged in comment',
        createdAt: expect.any(String),
      },
    ]);

    const approved = await t.http().get('/api/admin/blog/comments?status=approved').set(bearer(tk.admin));
    expect(approved.body.comments.map((c: { id: number }) => c.id)).toEqual([member.id]);
    const all = await t.http().get('/api/admin/blog/comments?status=all').set(bearer(tk.admin));
    expect(all.body.total).toBe(2);
    const stats = await t.http().get('/api/admin/blog/stats').set(bearer(tk.admin));
    expect(stats.body.pendingComments).toBe(1);

    const reply = await t
      .http()
      .post(`/api/blog/posts/${live.slug}/comments`)
      .send({ ...good, content: 'A reply to you', parentId: member.id });
    expect(reply.status).toBe(201);
    const badParent = await t
      .http()
      .post(`/api/blog/posts/${live.slug}/comments`)
      .send({ ...good, parentId: 999999 });
    expect(badParent.status).toBe(400);
    expect(badParent.body.message).toBe('The comment you are replying to does not exist');

    const unapprove = await t
      .http()
      .put(`/api/admin/blog/comments/${member.id}/unapprove`)
      .set(bearer(tk.editor));
    expect(unapprove.body).toMatchObject({ message: 'Comment unapproved', comment: { approved: false } });
    expect((await t.http().get(`/api/blog/posts/${live.slug}/comments`)).body.comments).toEqual([]);

    const del = await t.http().delete(`/api/admin/blog/comments/${member.id}`).set(bearer(tk.editor));
    expect(del.body).toEqual({ success: true, message: 'Comment deleted' });
    expect(
      (await t.http().put(`/api/admin/blog/comments/${member.id}/approve`).set(bearer(tk.editor))).status,
    ).toBe(404);
    expect(
      (await t.http().get('/api/admin/blog/comments?status=everything').set(bearer(tk.editor))).status,
    ).toBe(400);
  });

  it('limits how many comments one address can send in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await t.http().post(`/api/blog/posts/${live.slug}/comments`).send(good)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const limited = await t.http().post(`/api/blog/posts/${live.slug}/comments`).send(good);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
  });
});
