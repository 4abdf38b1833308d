import { readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { BlogSamplesService } from '../src/blog/samples/blog-samples.service';
import { SAMPLE_POSTS } from '../src/blog/samples/sample-posts';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createPost, tokens, Tokens } from './blog-fixtures';

interface PublicPost {
  title: string;
  slug: string;
  featuredImage: string | null;
  categories: { name: string }[];
  tags: { name: string; id: number }[];
}

const SAMPLE_TITLES = SAMPLE_POSTS.map((p) => p.title);

async function publicPosts(t: TestApp): Promise<PublicPost[]> {
  const res = await t.http().get('/api/blog/posts?limit=50');
  expect(res.status).toBe(200);
  return res.body.posts;
}

/** The originals in the upload folder (not their responsive versions). */
const originals = (t: TestApp) =>
  readdirSync(t.config.uploadDir).filter((f) => /^[a-f0-9]{32}\.\w+$/.test(f));

/** Sample posts of a first start (issue 28): seeded once on an empty blog, removed in one click by an admin. */
describe('blog sample posts (HTTP)', () => {
  describe('on a database npm start boots (SEED_SAMPLES=1)', () => {
    let t: TestApp;
    let tk: Tokens;

    beforeAll(async () => {
      t = await createTestApp({ SEED_SAMPLES: '1' });
      tk = await tokens(t, 'smp');
    });
    afterAll(() => t.close());

    it('finds the blog empty and publishes the samples with their pictures, categories and tags', async () => {
      const posts = await publicPosts(t);
      expect(posts.map((p) => p.title)).toEqual(SAMPLE_TITLES);
      for (const [i, post] of posts.entries()) {
        expect(post.categories.map((c) => c.name)).toEqual([SAMPLE_POSTS[i].category]);
        expect(post.tags.map((c) => c.name).sort()).toEqual([...SAMPLE_POSTS[i].tags].sort());
        // Stored through the media library: served at /uploads like any upload, with its versions.
        expect(post.featuredImage).toMatch(/^[a-f0-9]{32}\.webp$/);
        const image = await t.http().get(`/uploads/${post.featuredImage}`);
        expect([image.status, image.headers['content-type']]).toEqual([200, 'image/webp']);
        expect(Number(image.headers['content-length'])).toBeLessThan(60 * 1024);
        expect(
          readdirSync(t.config.uploadDir).filter((f) => f.startsWith(post.featuredImage!.slice(0, 32)))
            .length,
        ).toBeGreaterThan(3);
      }
      const page = await t.http().get(`/api/blog/posts/${posts[0].slug}`);
      expect(page.body.post.content).toContain('<h2>Why headroom matters</h2>');
      const media = await t.http().get('/api/admin/blog/media').set(bearer(tk.admin));
      expect(media.body.media.map((m: { altText: string }) => m.altText).sort()).toEqual(
        SAMPLE_POSTS.map((p) => p.artwork.alt).sort(),
      );
      const count = await t.http().get('/api/admin/blog/samples').set(bearer(tk.admin));
      expect(count.body).toEqual({ success: true, samplePosts: SAMPLE_POSTS.length });
    });

    it('never seeds again: not on a second call, not on a restart', async () => {
      expect(await t.app.get(BlogSamplesService).seedIfEmpty()).toBe(0);
      t = await t.restart();
      expect((await publicPosts(t)).length).toBe(SAMPLE_POSTS.length);
      expect(originals(t).length).toBe(SAMPLE_POSTS.length);
    });

    it('lets only admins count or remove them', async () => {
      for (const method of ['get', 'delete'] as const) {
        expect((await t.http()[method]('/api/admin/blog/samples')).status).toBe(401);
        for (const token of [tk.editor, tk.author]) {
          expect((await t.http()[method]('/api/admin/blog/samples').set(bearer(token))).status).toBe(403);
        }
      }
      expect((await publicPosts(t)).length).toBe(SAMPLE_POSTS.length);
    });

    it('removes only the samples and what nothing else uses, clears the cache, audits, and never brings them back', async () => {
      const before = await publicPosts(t); // also fills the public cache
      const keptTag = before[0].tags[0];
      const mine = await createPost(t, tk.admin, {
        title: 'Our own first post',
        status: 'published',
        tagIds: [keptTag.id],
      });
      const res = await t.http().delete('/api/admin/blog/samples').set(bearer(tk.admin));
      expect(res.status).toBe(200);
      const tagCount = new Set(SAMPLE_POSTS.flatMap((p) => p.tags)).size;
      const categoryCount = new Set(SAMPLE_POSTS.map((p) => p.category)).size;
      expect(res.body).toEqual({
        success: true,
        message: 'Sample posts removed',
        posts: SAMPLE_POSTS.length,
        images: SAMPLE_POSTS.length,
        // The tag our own post uses stays.
        terms: tagCount - 1 + categoryCount,
      });
      expect((await publicPosts(t)).map((p) => p.title)).toEqual([mine.title]);
      expect(originals(t)).toEqual([]);
      expect(readdirSync(t.config.uploadDir)).toEqual([]);
      const tags = await t.http().get('/api/admin/blog/tags').set(bearer(tk.admin));
      expect(tags.body.tags.map((tag: { name: string }) => tag.name)).toEqual([keptTag.name]);
      const categories = await t.http().get('/api/admin/blog/categories').set(bearer(tk.admin));
      expect(categories.body.categories).toEqual([]);
      const [entry] = await t.app
        .get(DataSource)
        .query(`SELECT actor_name, summary FROM audit_log WHERE action = 'post.samples_remove'`);
      expect(entry).toEqual({
        actor_name: 'admin',
        summary: `Removed the ${SAMPLE_POSTS.length} sample posts`,
      });

      // A second click removes nothing and records nothing.
      const again = await t.http().delete('/api/admin/blog/samples').set(bearer(tk.admin));
      expect(again.body).toMatchObject({ posts: 0, images: 0, terms: 0 });
      // Even with the blog empty again, neither a call nor a restart brings them back.
      expect((await t.http().delete(`/api/admin/blog/posts/${mine.id}`).set(bearer(tk.admin))).status).toBe(
        200,
      );
      expect(await t.app.get(BlogSamplesService).seedIfEmpty()).toBe(0);
      t = await t.restart();
      expect(await publicPosts(t)).toEqual([]);
      const count = await t.http().get('/api/admin/blog/samples').set(bearer(tk.admin));
      expect(count.body.samplePosts).toBe(0);
    });
  });

  describe('anywhere else (tests, compose: SEED_SAMPLES unset)', () => {
    let t: TestApp;
    let tk: Tokens;

    beforeAll(async () => {
      t = await createTestApp();
      tk = await tokens(t, 'nosmp');
    });
    afterAll(() => t.close());

    it('boots with an empty blog', async () => {
      expect(await publicPosts(t)).toEqual([]);
      const count = await t.http().get('/api/admin/blog/samples').set(bearer(tk.admin));
      expect(count.body.samplePosts).toBe(0);
    });

    it('seeds once when two processes try together on an empty blog, and keeps no picture of the loser', async () => {
      const samples = t.app.get(BlogSamplesService);
      const added = await Promise.all([samples.seedIfEmpty(), samples.seedIfEmpty()]);
      expect(added.sort()).toEqual([0, SAMPLE_POSTS.length]);
      expect((await publicPosts(t)).length).toBe(SAMPLE_POSTS.length);
      expect(originals(t).length).toBe(SAMPLE_POSTS.length);
    });
  });

  it('never seeds a blog that already has posts, even once they are deleted', async () => {
    const t = await createTestApp();
    try {
      const admin = (await tokens(t, 'hasp')).admin;
      const post = await createPost(t, admin, {
        title: 'Written before the samples existed',
        status: 'draft',
      });
      const samples = t.app.get(BlogSamplesService);
      expect(await samples.seedIfEmpty()).toBe(0);
      await t.http().delete(`/api/admin/blog/posts/${post.id}`).set(bearer(admin));
      expect(await samples.seedIfEmpty()).toBe(0);
      expect(originals(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
