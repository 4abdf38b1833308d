import { DataSource } from 'typeorm';
import { AUTH_REFRESH_COOKIE, MESSAGES } from '@studio/shared';
import { PublicPostsService } from '../src/blog/posts/public-posts.service';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createCategory, createPost, createTag, tokens, Tokens } from './blog-fixtures';

/** The public blog API: only published posts whose time has come, in the shapes of spec §7. */
describe('public blog (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;
  let mixing: { id: number };
  let mastering: { id: number };
  let vocalsTag: { id: number };
  const published: { id: number; slug: string; title: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    tk = await tokens(t, 'pub');
    await t.app
      .get(DataSource)
      .query(
        `UPDATE users SET display_name = 'Studio Admin', bio = 'Engineer and producer.' WHERE username = 'admin'`,
      );
    mixing = await createCategory(t, tk.admin, 'Mixing');
    mastering = await createCategory(t, tk.admin, 'Mastering');
    vocalsTag = await createTag(t, tk.admin, 'Vocals');
    // Eight published posts, one a day apart, so the order is known.
    for (let i = 1; i <= 8; i++) {
      const post = await createPost(t, tk.admin, {
        title: i === 3 ? 'Mastering for streaming loudness' : `Studio notes ${i}`,
        content:
          i === 5 ? '<p>How we comp vocals: pick the best take line by line, then glue them.</p>' : undefined,
        status: 'published',
        publishedAt: new Date(Date.UTC(2024, 0, i, 9)).toISOString(),
        categoryIds: i % 2 ? [mixing.id] : [mastering.id],
        tagIds: i === 5 ? [vocalsTag.id] : [],
      });
      published.push(post);
    }
    await createPost(t, tk.admin, { title: 'Secret draft', status: 'draft', categoryIds: [mixing.id] });
    await createPost(t, tk.admin, { title: 'Old archived post', status: 'archived' });
    await createPost(t, tk.admin, {
      title: 'Scheduled for next year',
      status: 'published',
      publishedAt: new Date(Date.now() + 365 * 86400_000).toISOString(),
    });
  });
  afterAll(() => t.close());

  it('lists six published posts by default, newest first, with total and page count', async () => {
    const res = await t.http().get('/api/blog/posts');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.success).toBe(true);
    expect(res.body.total).toBe(8);
    expect(res.body.page).toEqual({ limit: 6, offset: 0, totalPages: 2 });
    expect(res.body.posts.map((p: { title: string }) => p.title)).toEqual([
      'Studio notes 8',
      'Studio notes 7',
      'Studio notes 6',
      'Studio notes 5',
      'Studio notes 4',
      'Mastering for streaming loudness',
    ]);
  });

  it('pages with limit and offset, and accepts (and ignores) status=published', async () => {
    const res = await t.http().get('/api/blog/posts?limit=6&offset=6&status=published');
    expect(res.status).toBe(200);
    expect(res.body.posts.map((p: { title: string }) => p.title)).toEqual([
      'Studio notes 2',
      'Studio notes 1',
    ]);
    expect(res.body.page).toEqual({ limit: 6, offset: 6, totalPages: 2 });
    const drafts = await t.http().get('/api/blog/posts?status=draft&limit=100');
    expect(drafts.body.total).toBe(8);
    expect(drafts.body.posts.every((p: { status: string }) => p.status === 'published')).toBe(true);
  });

  it('never shows drafts, archived posts or posts scheduled for later', async () => {
    const res = await t.http().get('/api/blog/posts?limit=100');
    const titles = res.body.posts.map((p: { title: string }) => p.title);
    expect(titles).not.toContain('Secret draft');
    expect(titles).not.toContain('Old archived post');
    expect(titles).not.toContain('Scheduled for next year');
  });

  it('shapes each post as BlogPostDto: author without email, categories, tags, excerpt and read time', async () => {
    const res = await t.http().get('/api/blog/posts?limit=100');
    const post = res.body.posts.find((p: { title: string }) => p.title === 'Studio notes 5');
    expect(post).toMatchObject({
      id: expect.any(Number),
      slug: 'studio-notes-5',
      status: 'published',
      featuredImage: null,
      readTimeMinutes: 1,
      metaTitle: 'Studio notes 5',
      excerpt: 'How we comp vocals: pick the best take line by line, then glue them.',
      author: {
        displayName: 'Studio Admin',
        username: 'admin',
        bio: 'Engineer and producer.',
        profileImage: null,
      },
      categories: [{ id: mixing.id, name: 'Mixing', slug: 'mixing' }],
      tags: [{ id: vocalsTag.id, name: 'Vocals', slug: 'vocals' }],
    });
    expect(post.author.email).toBeUndefined();
    expect(post.content).toContain('<p>How we comp vocals');
    expect(new Date(post.publishedAt).toISOString()).toBe('2024-01-05T09:00:00.000Z');
    expect(post.createdAt).toEqual(expect.any(String));
  });

  it('filters by category and by tag', async () => {
    const byCategory = await t.http().get(`/api/blog/posts?categoryId=${mastering.id}&limit=100`);
    expect(byCategory.body.total).toBe(4);
    expect(
      byCategory.body.posts.every(
        (p: { categories: { id: number }[] }) => p.categories[0].id === mastering.id,
      ),
    ).toBe(true);
    const byTag = await t.http().get(`/api/blog/posts?tagId=${vocalsTag.id}`);
    expect(byTag.body.posts.map((p: { title: string }) => p.title)).toEqual(['Studio notes 5']);
    const both = await t.http().get(`/api/blog/posts?tagId=${vocalsTag.id}&categoryId=${mastering.id}`);
    expect(both.body).toMatchObject({ total: 0, posts: [], page: { totalPages: 0 } });
  });

  it('searches title, excerpt and content, whole words, other word forms and partly typed words', async () => {
    const search = async (q: string) =>
      (await t.http().get(`/api/blog/posts?limit=100&search=${encodeURIComponent(q)}`)).body.posts.map(
        (p: { title: string }) => p.title,
      );
    expect(await search('mastering')).toEqual(['Mastering for streaming loudness']);
    expect(await search('MASTER')).toEqual(['Mastering for streaming loudness']);
    expect(await search('masteri')).toEqual(['Mastering for streaming loudness']);
    expect(await search('treaming')).toEqual(['Mastering for streaming loudness']);
    expect(await search('takes')).toEqual(['Studio notes 5']);
    expect(await search('comp vocals')).toEqual(['Studio notes 5']);
    expect(await search('headroom')).toHaveLength(7);
    expect(await search('zzzz nothing')).toEqual([]);
    expect(await search('100%_')).toEqual([]);
    expect(await search('Secret')).toEqual([]);
  });

  it('combines search with filters and paging', async () => {
    const res = await t.http().get(`/api/blog/posts?search=studio&categoryId=${mixing.id}&limit=2`);
    expect(res.body.total).toBe(3);
    expect(res.body.page.totalPages).toBe(2);
    expect(res.body.posts).toHaveLength(2);
  });

  it('refuses bad paging and filter values with a clear 400', async () => {
    for (const [q, message] of [
      ['limit=101', 'limit must be a whole number from 1 to 100'],
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['limit=abc', 'limit must be a whole number from 1 to 100'],
      ['offset=-1', 'offset must be a whole number from 0 to 1000000'],
      ['categoryId=x', 'categoryId must be a category id'],
      ['tagId=0', 'tagId must be a tag id'],
      ['sort=title', 'Unknown field: sort'],
      ['constructor=1', 'Unknown field: constructor'],
      ['limit=1&limit=2', 'limit must be a whole number from 1 to 100'],
    ]) {
      const res = await t.http().get(`/api/blog/posts?${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
    }
  });

  it('reads a published post by slug', async () => {
    const res = await t.http().get('/api/blog/posts/studio-notes-5');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.post).toMatchObject({
      title: 'Studio notes 5',
      tags: [{ name: 'Vocals' }],
      author: { username: 'admin' },
    });
  });

  it('answers 404 in the error shape for drafts, archived, scheduled and unknown slugs', async () => {
    for (const slug of [
      'secret-draft',
      'old-archived-post',
      'scheduled-for-next-year',
      'no-such-post',
      '%E2%9C%93',
    ]) {
      const res = await t.http().get(`/api/blog/posts/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Post not found', code: 'POST_NOT_FOUND' });
    }
  });

  it('lists categories with counts of published posts only, and tags', async () => {
    const cats = await t.http().get('/api/blog/categories');
    expect(cats.status).toBe(200);
    expect(cats.body.success).toBe(true);
    expect(cats.body.categories).toEqual([
      expect.objectContaining({
        id: mastering.id,
        name: 'Mastering',
        slug: 'mastering',
        description: null,
        count: 4,
      }),
      expect.objectContaining({ id: mixing.id, name: 'Mixing', slug: 'mixing', count: 4 }),
    ]);
    const tags = await t.http().get('/api/blog/tags');
    expect(tags.body).toEqual({
      success: true,
      tags: [
        expect.objectContaining({
          id: vocalsTag.id,
          name: 'Vocals',
          slug: 'vocals',
          description: null,
          createdAt: expect.any(String),
          count: 1,
        }),
      ],
    });
  });

  it('shows a change at once: the cache is cleared by every write', async () => {
    const before = await t.http().get('/api/blog/posts/studio-notes-1');
    expect(before.body.post.title).toBe('Studio notes 1');
    await t.http().get('/api/blog/posts?limit=100');
    await t.http().get('/api/blog/categories');

    const target = published[0];
    await t
      .http()
      .put(`/api/admin/blog/posts/${target.id}`)
      .set(bearer(tk.editor))
      .send({ title: 'Studio notes one', categoryIds: [mastering.id] })
      .expect(200);
    expect((await t.http().get('/api/blog/posts/studio-notes-1')).body.post.title).toBe('Studio notes one');
    const list = await t.http().get('/api/blog/posts?limit=100');
    expect(list.body.posts.map((p: { title: string }) => p.title)).toContain('Studio notes one');
    const cats = await t.http().get('/api/blog/categories');
    expect(cats.body.categories.find((c: { id: number }) => c.id === mastering.id).count).toBe(5);

    await t
      .http()
      .put(`/api/admin/blog/posts/${target.id}`)
      .set(bearer(tk.editor))
      .send({ status: 'draft' })
      .expect(200);
    expect((await t.http().get('/api/blog/posts/studio-notes-1')).status).toBe(404);
    expect((await t.http().get('/api/blog/posts?limit=100')).body.total).toBe(7);
    await t
      .http()
      .put(`/api/admin/blog/posts/${target.id}`)
      .set(bearer(tk.editor))
      .send({ status: 'published' })
      .expect(200);
    expect((await t.http().get('/api/blog/posts?limit=100')).body.total).toBe(8);
  });

  it('answers a repeated read with the same body and headers as the first, security headers included', async () => {
    const url = `/api/blog/posts?limit=3&categoryId=${mixing.id}`;
    const handler = jest.spyOn(t.app.get(PublicPostsService), 'listJson');
    const first = await t.http().get(url);
    const again = await t.http().get(url);
    // The repeat never reached the handler: it was replayed in front of the framework.
    expect(handler).toHaveBeenCalledTimes(1);
    handler.mockRestore();
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    // The date and the request's own id differ; every other header is replayed as it was.
    const { date: _a, 'x-request-id': firstId, ...firstHeaders } = first.headers;
    const { date: _b, 'x-request-id': againId, ...againHeaders } = again.headers;
    expect(againHeaders).toEqual(firstHeaders);
    expect(againId).not.toBe(firstId);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    const head = await t.http().head(url);
    expect(head.status).toBe(200);
  });

  it('replays a read without cookies ahead of the other hooks (304 included), and one with a session cookie after them', async () => {
    const url = `/api/blog/posts?limit=2&categoryId=${mixing.id}`;
    const first = await t.http().get(url).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\//);
    const handler = jest.spyOn(t.app.get(PublicPostsService), 'listJson');
    const revalidated = await t.http().get(url).set('if-none-match', etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['x-frame-options']).toBe(first.headers['x-frame-options']);
    expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control']);
    // A session cookie makes the read go through the session hook (a stale refresh token is
    // cleared), and it is still answered from the cache.
    const signedIn = await t.http().get(url).set('cookie', `${AUTH_REFRESH_COOKIE}=not-a-session`);
    expect(handler).not.toHaveBeenCalled();
    handler.mockRestore();
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toBe(first.text);
    expect(String(signedIn.headers['set-cookie'])).toContain(`${AUTH_REFRESH_COOKIE}=;`);
    const anonymous = await t.http().get(url).expect(200);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('publishes a scheduled post when its time comes, even with the list cached', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    await createPost(t, tk.admin, { title: 'Released in a moment', status: 'published', publishedAt: soon });
    const early = await t.http().get('/api/blog/posts?limit=1');
    expect(early.body.posts[0].title).not.toBe('Released in a moment');
    expect((await t.http().get('/api/blog/posts/released-in-a-moment')).status).toBe(404);
    await new Promise((r) => setTimeout(r, 2600));
    const later = await t.http().get('/api/blog/posts?limit=1');
    expect(later.body.posts[0].title).toBe('Released in a moment');
    expect((await t.http().get('/api/blog/posts/released-in-a-moment')).status).toBe(200);
  });

  it('does not expose the slug-pattern message for public reads of odd slugs', async () => {
    const res = await t.http().get(`/api/blog/posts/${'x'.repeat(400)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).not.toBe(MESSAGES.slugPattern);
  });
  // Last in the file: passport keeps one global 'jwt' strategy, which the second app replaces
  // with one bound to its own (soon closed) database, so staff calls after it would fail.
  it('clears the cache of every API process, not only the one that took the write', async () => {
    // A second instance on the same database and Redis prefix, as behind a load balancer.
    const other = await createTestApp({
      DATABASE_URL: t.config.databaseUrl,
      REDIS_PREFIX: t.config.redis.prefix,
    });
    try {
      const slug = published[1].slug;
      expect((await other.http().get(`/api/blog/posts/${slug}`)).body.post.title).toBe('Studio notes 2');
      await t
        .http()
        .put(`/api/admin/blog/posts/${published[1].id}`)
        .set(bearer(tk.admin))
        .send({ title: 'Studio notes two' })
        .expect(200);
      let title = '';
      for (let i = 0; i < 20 && title !== 'Studio notes two'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        title = (await other.http().get(`/api/blog/posts/${slug}`)).body.post.title;
      }
      expect(title).toBe('Studio notes two');
    } finally {
      await other.close();
    }
  });
});
