import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@studio/shared';
import { createTestApp, TestApp } from './support/test-app';
import {
  bearer,
  createCategory,
  createPost,
  createTag,
  IMAGES,
  LONG_CONTENT,
  tokens,
  Tokens,
} from './blog-fixtures';

/** Staff post management: permissions, the rules of spec §4/§5, sanitising, JSON and multipart. */
describe('admin blog posts (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;

  beforeAll(async () => {
    t = await createTestApp();
    tk = await tokens(t, 'adm');
  });
  afterAll(() => t.close());

  const post = (token: string) => t.http().post('/api/admin/blog/posts').set(bearer(token));
  const put = (token: string, id: number) => t.http().put(`/api/admin/blog/posts/${id}`).set(bearer(token));

  describe('permissions', () => {
    type Method = 'get' | 'post' | 'put' | 'delete';
    const routes: [Method, string][] = [
      ['get', '/api/admin/blog/posts'],
      ['get', '/api/admin/blog/posts/1'],
      ['post', '/api/admin/blog/posts'],
      ['put', '/api/admin/blog/posts/1'],
      ['delete', '/api/admin/blog/posts/1'],
      ['get', '/api/admin/blog/stats'],
    ];

    it('answers 401 to anonymous callers and 403 to authors, in the error shape', async () => {
      for (const [method, path] of routes) {
        const anon = await t.http()[method](path);
        expect([method, path, anon.status]).toEqual([method, path, 401]);
        expect(anon.body).toEqual({
          success: false,
          message: 'Please log in to continue.',
          code: 'UNAUTHORIZED',
        });
        const author = await t.http()[method](path).set(bearer(tk.author));
        expect([method, path, author.status]).toEqual([method, path, 403]);
        expect(author.body.code).toBe('FORBIDDEN');
      }
    });

    it('lets editors and admins in', async () => {
      expect((await t.http().get('/api/admin/blog/posts').set(bearer(tk.editor))).status).toBe(200);
      expect((await t.http().get('/api/admin/blog/posts').set(bearer(tk.admin))).status).toBe(200);
    });
  });

  describe('create', () => {
    it('creates a draft from a title and content, with the slug, meta title and read time derived', async () => {
      const res = await post(tk.editor).send({
        title: 'Gain Staging 101: Why It Matters!',
        content: LONG_CONTENT,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Post created',
        post: {
          id: expect.any(Number),
          title: 'Gain Staging 101: Why It Matters!',
          slug: 'gain-staging-101-why-it-matters',
          status: 'draft',
          metaTitle: 'Gain Staging 101: Why It Matters!',
          excerpt: null,
          publishedAt: null,
          readTimeMinutes: 1,
          author: { username: 'admeditor' },
          categories: [],
          tags: [],
        },
      });
    });

    it('numbers the slug when it is taken: -2, -3', async () => {
      const a = await createPost(t, tk.admin, { title: 'Same title' });
      const b = await createPost(t, tk.admin, { title: 'Same title' });
      const c = await createPost(t, tk.admin, { title: 'Same title', slug: 'same-title' });
      expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
      const symbols = await createPost(t, tk.admin, { title: '!!!' });
      expect(symbols.slug).toBe('post');
    });

    it('reads time at 300 words a minute', async () => {
      const words = Array.from({ length: 601 }, (_, i) => `word${i}`).join(' ');
      const res = await createPost(t, tk.admin, { title: 'Long read', content: `<p>${words}</p>` });
      expect(res.readTimeMinutes).toBe(3);
    });

    it('validates every field with the messages of spec §5', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: 'ab' }, 'title', 'Title must be at least 3 characters'],
        [{ title: 'x'.repeat(256) }, 'title', 'Title must be at most 255 characters'],
        [{ title: undefined }, 'title', 'Title is required'],
        [{ content: 'too short' }, 'content', 'Content must be at least 10 characters'],
        [{ content: undefined }, 'content', 'Content is required'],
        [{ slug: 'Not A Slug' }, 'slug', MESSAGES.slugPattern],
        [{ slug: 'a--b' }, 'slug', MESSAGES.slugPattern],
        [{ slug: 'ab' }, 'slug', MESSAGES.postSlugMin],
        [{ excerpt: 'e'.repeat(501) }, 'excerpt', 'Excerpt must be at most 500 characters'],
        [{ metaTitle: 'm'.repeat(256) }, 'metaTitle', 'Meta title must be at most 255 characters'],
        [
          { metaDescription: 'd'.repeat(301) },
          'metaDescription',
          'Meta description must be at most 300 characters',
        ],
        [{ focusKeyword: 'k'.repeat(101) }, 'focusKeyword', 'Focus keyword must be at most 100 characters'],
        [{ seo: { title: 't'.repeat(71) } }, 'seo.title', 'SEO title must be at most 70 characters'],
        [
          { seo: { description: 'd'.repeat(161) } },
          'seo.description',
          'SEO description must be at most 160 characters',
        ],
        [
          { seo: { canonical: 'javascript:alert(1)' } },
          'seo.canonical',
          'The canonical URL must be a full http or https URL',
        ],
        [{ status: 'live' }, 'status', 'Status must be draft, published or archived'],
        [{ categoryIds: 'x' }, 'categoryIds', 'Categories must be a list of ids'],
        [{ tagIds: [0] }, 'tagIds', 'Tags must be a list of ids'],
        [
          { publishedAt: 'tomorrow' },
          'publishedAt',
          'Publish date must be a date and time such as 2025-01-31T09:00:00Z',
        ],
        [
          { featuredImage: '../../etc/passwd' },
          'featuredImage',
          'Featured image must be a file name from the media library',
        ],
        [{ authorId: 1 }, 'authorId', 'Unknown field: authorId'],
      ];
      for (const [patch, field, message] of cases) {
        const res = await post(tk.admin).send({ title: 'A valid title', content: LONG_CONTENT, ...patch });
        expect([field, res.status]).toEqual([field, 400]);
        expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
        expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
      }
    });

    it('refuses categories, tags and featured images that do not exist', async () => {
      const cat = await post(tk.admin).send({
        title: 'Linked',
        content: LONG_CONTENT,
        categoryIds: [999999],
      });
      expect(cat.status).toBe(400);
      expect(cat.body).toMatchObject({ message: 'Category 999999 does not exist', code: 'UNKNOWN_CATEGORY' });
      const tag = await post(tk.admin).send({ title: 'Linked', content: LONG_CONTENT, tagIds: [999999] });
      expect(tag.body).toMatchObject({ message: 'Tag 999999 does not exist', code: 'UNKNOWN_TAG' });
      const img = await post(tk.admin).send({
        title: 'Linked',
        content: LONG_CONTENT,
        featuredImage: 'nope.png',
      });
      expect(img.status).toBe(400);
      expect(img.body).toMatchObject({
        message: 'The featured image is not in the media library',
        code: 'UNKNOWN_MEDIA',
      });
    });

    it('sanitises the HTML on write: no scripts, event handlers or javascript: links', async () => {
      const res = await createPost(t, tk.admin, {
        title: 'Unsafe input',
        content:
          '<p style="text-align:center;color:red" onclick="x()">Hello <a href="javascript:alert(1)">there</a></p>' +
          '<script>alert("xss")</script><img src="/uploads/x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      });
      expect(res.content).toBe(
        '<p style="text-align:center">Hello <a>there</a></p><img src="/uploads/x.png" />',
      );
      const stored = await t.http().get(`/api/admin/blog/posts/${res.id}`).set(bearer(tk.admin));
      expect(stored.body.post.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    });

    it('refuses content that is nothing but unsafe markup', async () => {
      const res = await post(tk.admin).send({ title: 'Only a script', content: '<script>alert(1)</script>' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Content must be at least 10 characters');
    });
  });

  describe('publishing', () => {
    it('sets publishedAt when a post is first published and keeps it afterwards', async () => {
      const draft = await createPost(t, tk.admin, { title: 'Publish me' });
      expect(draft.publishedAt).toBeNull();
      const first = await put(tk.admin, draft.id).send({ status: 'published' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        success: true,
        message: 'Post updated',
        post: { status: 'published' },
      });
      const publishedAt = first.body.post.publishedAt;
      expect(Math.abs(Date.parse(publishedAt) - Date.now())).toBeLessThan(60_000);
      await put(tk.admin, draft.id).send({ status: 'draft' }).expect(200);
      const again = await put(tk.admin, draft.id).send({ status: 'published', title: 'Publish me again' });
      expect(again.body.post.publishedAt).toBe(publishedAt);
    });

    it('schedules a post with a future publishedAt', async () => {
      const when = new Date(Date.now() + 7 * 86400_000).toISOString();
      const res = await createPost(t, tk.admin, {
        title: 'Next week',
        status: 'published',
        publishedAt: when,
      });
      expect(res.publishedAt).toBe(when);
      expect((await t.http().get(`/api/blog/posts/${res.slug}`)).status).toBe(404);
      await put(tk.admin, res.id)
        .send({ publishedAt: new Date(Date.now() - 1000).toISOString() })
        .expect(200);
      expect((await t.http().get(`/api/blog/posts/${res.slug}`)).status).toBe(200);
    });
  });

  describe('read, update, delete', () => {
    it('reads one post for the editor with its raw excerpt and SEO fields', async () => {
      const cat = await createCategory(t, tk.admin, 'Editor cat');
      const tag = await createTag(t, tk.admin, 'Editor tag');
      const created = await createPost(t, tk.admin, {
        title: 'Editor view',
        metaDescription: 'A description for search results.',
        focusKeyword: 'editor',
        categoryIds: [cat.id],
        tagIds: [tag.id],
        seo: { title: 'SEO title', keywords: ['a', 'b'], canonical: 'https://example.com/x' },
      });
      const res = await t.http().get(`/api/admin/blog/posts/${created.id}`).set(bearer(tk.editor));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        post: {
          title: 'Editor view',
          slug: 'editor-view',
          content: LONG_CONTENT,
          excerpt: null,
          status: 'draft',
          metaTitle: 'Editor view',
          metaDescription: 'A description for search results.',
          focusKeyword: 'editor',
          featuredImage: null,
          categories: [{ id: cat.id, name: 'Editor cat' }],
          tags: [{ id: tag.id, name: 'Editor tag' }],
          seo: { title: 'SEO title', keywords: ['a', 'b'], canonical: 'https://example.com/x' },
        },
      });
    });

    it('answers 404 for a missing post and 400 for an id that is not a number', async () => {
      const missing = await t.http().get('/api/admin/blog/posts/999999').set(bearer(tk.admin));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'Post not found', code: 'POST_NOT_FOUND' });
      const bad = await t.http().get('/api/admin/blog/posts/abc').set(bearer(tk.admin));
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_ID');
      const huge = await t.http().get('/api/admin/blog/posts/99999999999').set(bearer(tk.admin));
      expect(huge.status).toBe(400);
      expect((await put(tk.admin, 999999).send({ title: 'Nobody home' })).status).toBe(404);
      expect((await t.http().delete('/api/admin/blog/posts/999999').set(bearer(tk.admin))).status).toBe(404);
    });

    it('updates only the fields sent, replaces categories and tags, and keeps the slug unless asked', async () => {
      const a = await createCategory(t, tk.admin, 'Update A');
      const b = await createCategory(t, tk.admin, 'Update B');
      const tag = await createTag(t, tk.admin, 'Update tag');
      const created = await createPost(t, tk.admin, {
        title: 'Before',
        categoryIds: [a.id],
        tagIds: [tag.id],
        excerpt: 'Short',
      });
      const res = await put(tk.editor, created.id).send({ title: 'After', categoryIds: [b.id, b.id] });
      expect(res.status).toBe(200);
      expect(res.body.post).toMatchObject({
        title: 'After',
        slug: 'before',
        excerpt: 'Short',
        metaTitle: 'After',
      });
      expect(res.body.post.categories.map((c: { id: number }) => c.id)).toEqual([b.id]);
      expect(res.body.post.tags.map((x: { id: number }) => x.id)).toEqual([tag.id]);
      const custom = await put(tk.editor, created.id).send({ metaTitle: 'Custom meta title' });
      expect(custom.body.post.metaTitle).toBe('Custom meta title');
      const cleared = await put(tk.editor, created.id).send({
        slug: 'after',
        tagIds: [],
        excerpt: '',
        metaTitle: '',
      });
      expect(cleared.body.post).toMatchObject({ slug: 'after', tags: [], excerpt: null, metaTitle: 'After' });
    });

    it('deletes a post and its links to categories and tags', async () => {
      const cat = await createCategory(t, tk.admin, 'Delete cat');
      const created = await createPost(t, tk.admin, {
        title: 'Doomed',
        categoryIds: [cat.id],
        status: 'published',
      });
      const res = await t.http().delete(`/api/admin/blog/posts/${created.id}`).set(bearer(tk.editor));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Post deleted' });
      expect((await t.http().get(`/api/admin/blog/posts/${created.id}`).set(bearer(tk.admin))).status).toBe(
        404,
      );
      const cats = await t.http().get('/api/admin/blog/categories').set(bearer(tk.admin));
      expect(cats.body.categories.find((c: { id: number }) => c.id === cat.id).count).toBe(0);
    });
  });

  describe('list and stats', () => {
    it('lists every status, newest first, with status filter, search and paging', async () => {
      const all = await t.http().get('/api/admin/blog/posts?limit=100').set(bearer(tk.admin));
      expect(all.status).toBe(200);
      expect(all.body.success).toBe(true);
      expect(all.body.total).toBe(all.body.posts.length);
      expect(all.body.page).toEqual({ limit: 100, offset: 0, totalPages: 1 });
      const created = all.body.posts.map((p: { createdAt: string }) => Date.parse(p.createdAt));
      expect([...created].sort((x, y) => y - x)).toEqual(created);
      expect(new Set(all.body.posts.map((p: { status: string }) => p.status))).toEqual(
        new Set(['draft', 'published']),
      );

      const drafts = await t.http().get('/api/admin/blog/posts?status=draft&limit=5').set(bearer(tk.admin));
      expect(drafts.body.posts.every((p: { status: string }) => p.status === 'draft')).toBe(true);
      expect(drafts.body.page.totalPages).toBe(Math.ceil(drafts.body.total / 5));
      const page2 = await t
        .http()
        .get('/api/admin/blog/posts?status=draft&limit=5&offset=5')
        .set(bearer(tk.admin));
      expect(page2.body.posts[0]?.id).not.toBe(drafts.body.posts[0].id);

      const found = await t
        .http()
        .get('/api/admin/blog/posts?search=same%20title&status=all')
        .set(bearer(tk.admin));
      expect(found.body.total).toBe(3);
      const bad = await t.http().get('/api/admin/blog/posts?status=deleted').set(bearer(tk.admin));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Status must be draft, published, archived or all');
    });

    it('counts for the dashboard', async () => {
      const res = await t.http().get('/api/admin/blog/stats').set(bearer(tk.editor));
      expect(res.status).toBe(200);
      const all = await t.http().get('/api/admin/blog/posts?limit=100').set(bearer(tk.admin));
      const count = (s: string) => all.body.posts.filter((p: { status: string }) => p.status === s).length;
      expect(res.body).toEqual({
        success: true,
        publishedPosts: count('published'),
        draftPosts: count('draft'),
        categories: expect.any(Number),
        tags: expect.any(Number),
        pendingComments: 0,
      });
      expect(res.body.categories).toBeGreaterThan(0);
    });
  });

  describe('multipart', () => {
    it('creates a post from a data field and a featured image file', async () => {
      const res = await post(tk.editor)
        .field(
          'data',
          JSON.stringify({ title: 'With a picture', content: LONG_CONTENT, status: 'published' }),
        )
        .attach('featuredImage', IMAGES.png, { filename: 'cover.png', contentType: 'image/png' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Post created');
      const name = res.body.post.featuredImage;
      expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
      expect(existsSync(join(t.config.uploadDir, name))).toBe(true);
      const served = await t.http().get(`/uploads/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      const media = await t.http().get('/api/admin/blog/media').set(bearer(tk.editor));
      expect(media.body.media.map((m: { fileName: string }) => m.fileName)).toContain(name);
    });

    it('updates with multipart, and with a file name picked from the library', async () => {
      const created = await createPost(t, tk.admin, { title: 'Picture later' });
      const up = await put(tk.admin, created.id)
        .field('data', JSON.stringify({ title: 'Picture now' }))
        .attach('featuredImage', IMAGES.jpeg, { filename: 'x.jpg', contentType: 'image/jpeg' });
      expect(up.status).toBe(200);
      expect(up.body.post).toMatchObject({
        title: 'Picture now',
        featuredImage: expect.stringMatching(/\.jpg$/),
      });
      const other = await t
        .http()
        .post('/api/admin/blog/media')
        .set(bearer(tk.admin))
        .attach('file', IMAGES.gif, 'a.gif');
      const picked = await put(tk.admin, created.id).send({ featuredImage: other.body.media.fileName });
      expect(picked.body.post.featuredImage).toBe(other.body.media.fileName);
      const viaUrl = await put(tk.admin, created.id).send({
        featuredImage: `/uploads/${up.body.post.featuredImage}`,
      });
      expect(viaUrl.body.post.featuredImage).toBe(up.body.post.featuredImage);
      const removed = await put(tk.admin, created.id).send({ featuredImage: null });
      expect(removed.body.post.featuredImage).toBeNull();
    });

    it('validates the data field exactly like a JSON body', async () => {
      const invalid = await post(tk.admin).field(
        'data',
        JSON.stringify({ title: 'ab', content: LONG_CONTENT }),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        message: 'Title must be at least 3 characters',
        code: 'VALIDATION_FAILED',
      });
      const notJson = await post(tk.admin).field('data', '{"title":');
      expect(notJson.status).toBe(400);
      expect(notJson.body).toEqual({
        success: false,
        message: 'The data field is not valid JSON.',
        code: 'BAD_REQUEST',
      });
      const stray = await post(tk.admin).field('data', '{}').field('title', 'x');
      expect(stray.status).toBe(400);
      expect(stray.body.message).toBe('Unknown field: title');
    });

    it('refuses a featured image that is not a JPEG, PNG, WebP or GIF', async () => {
      const res = await post(tk.admin)
        .field('data', JSON.stringify({ title: 'Bad picture', content: LONG_CONTENT }))
        .attach('featuredImage', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
          filename: 'x.png',
          contentType: 'image/png',
        });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
        code: 'UNSUPPORTED_FILE_TYPE',
      });
      const list = await t.http().get('/api/admin/blog/posts?search=Bad%20picture').set(bearer(tk.admin));
      expect(list.body.total).toBe(0);
    });
  });
});
