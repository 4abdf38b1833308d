import { MESSAGES } from '@studio/shared';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createCategory, createPost, createTag, tokens, Tokens } from './blog-fixtures';

/** Categories and tags: staff CRUD with the messages of spec §5/§8, and the public lists. */
describe('blog categories and tags (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;

  beforeAll(async () => {
    t = await createTestApp();
    tk = await tokens(t, 'tax');
  });
  afterAll(() => t.close());

  /** A staff create, as `token` (an editor unless told). */
  const create = (kind: 'categories' | 'tags', body: object, token = tk.editor) =>
    t.http().post(`/api/admin/blog/${kind}`).set(bearer(token)).send(body);

  it('keeps anonymous callers (401) and authors (403) out of every staff route', async () => {
    for (const kind of ['categories', 'tags']) {
      const calls = [
        () => t.http().get(`/api/admin/blog/${kind}`),
        () => t.http().post(`/api/admin/blog/${kind}`).send({ name: 'Nope' }),
        () => t.http().put(`/api/admin/blog/${kind}/1`).send({ name: 'Nope' }),
        () => t.http().delete(`/api/admin/blog/${kind}/1`),
      ];
      for (const call of calls) {
        expect((await call()).status).toBe(401);
        expect((await call().set(bearer(tk.author))).status).toBe(403);
      }
    }
  });

  describe('categories', () => {
    it('creates with a slug made from the name and answers "Category created"', async () => {
      const res = await create('categories', { name: 'Mix & Master Tips', description: 'How we work' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Category created',
        category: {
          id: expect.any(Number),
          name: 'Mix & Master Tips',
          slug: 'mix-master-tips',
          description: 'How we work',
          parentId: null,
        },
      });
    });

    it('validates the name and the slug with the spec messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, MESSAGES.nameRequired],
        [{ name: '' }, MESSAGES.nameRequired],
        [{ name: '   ' }, MESSAGES.nameRequired],
        [{ name: 'A' }, 'Category name must be at least 2 characters'],
        [{ name: 'x'.repeat(101) }, 'Category name must be at most 100 characters'],
        [{ name: 'Good name', slug: 'Bad Slug' }, MESSAGES.slugPattern],
        [{ name: 'Good name', description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
      ];
      for (const [body, message] of cases) {
        const res = await create('categories', body, tk.admin);
        expect([body, res.status]).toEqual([body, 400]);
        expect(res.body).toMatchObject({ success: false, message, code: 'VALIDATION_FAILED' });
      }
    });

    it('answers 409 for a name or a chosen slug already in use, and numbers a generated slug', async () => {
      await createCategory(t, tk.admin, 'Mastering');
      const sameName = await create('categories', { name: 'mastering' }, tk.admin);
      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual({
        success: false,
        message: 'A category named "mastering" already exists.',
        code: 'CATEGORY_EXISTS',
      });
      const sameSlug = await create('categories', { name: 'Other', slug: 'mastering' }, tk.admin);
      expect(sameSlug.status).toBe(409);
      expect(sameSlug.body.code).toBe('CATEGORY_SLUG_EXISTS');
      const generated = await createCategory(t, tk.admin, 'Mastering!');
      expect(generated.slug).toBe('mastering-2');
    });

    it('updates (slug regenerated from the name when missing) and answers "Category updated"', async () => {
      const cat = await createCategory(t, tk.admin, 'Old name');
      const res = await t
        .http()
        .put(`/api/admin/blog/categories/${cat.id}`)
        .set(bearer(tk.editor))
        .send({ name: 'New name', description: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Category updated',
        category: { id: cat.id, name: 'New name', slug: 'new-name', description: null },
      });
      const keep = await t
        .http()
        .put(`/api/admin/blog/categories/${cat.id}`)
        .set(bearer(tk.editor))
        .send({ name: 'New name', slug: 'custom-slug' });
      expect(keep.body.category.slug).toBe('custom-slug');
      const missing = await t
        .http()
        .put('/api/admin/blog/categories/999999')
        .set(bearer(tk.editor))
        .send({ name: 'Ghost' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        success: false,
        message: 'Category not found',
        code: 'CATEGORY_NOT_FOUND',
      });
    });

    it('nests categories but never inside themselves', async () => {
      const parent = await createCategory(t, tk.admin, 'Parent');
      const child = await createCategory(t, tk.admin, 'Child', { parentId: parent.id });
      expect(child.parentId).toBe(parent.id);
      const loop = await t
        .http()
        .put(`/api/admin/blog/categories/${parent.id}`)
        .set(bearer(tk.admin))
        .send({ name: 'Parent', parentId: child.id });
      expect(loop.status).toBe(400);
      expect(loop.body.message).toBe('A category cannot be placed inside itself');
      const unknown = await create('categories', { name: 'Orphan', parentId: 999999 }, tk.admin);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Category 999999 does not exist');
    });

    it('deletes, unlinking its posts, and answers "Category deleted"', async () => {
      const cat = await createCategory(t, tk.admin, 'Short lived');
      const post = await createPost(t, tk.admin, {
        title: 'Linked post',
        status: 'published',
        categoryIds: [cat.id],
      });
      const res = await t.http().delete(`/api/admin/blog/categories/${cat.id}`).set(bearer(tk.editor));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Category deleted' });
      const after = await t.http().get(`/api/blog/posts/${post.slug}`);
      expect(after.body.post.categories).toEqual([]);
      const again = await t.http().delete(`/api/admin/blog/categories/${cat.id}`).set(bearer(tk.editor));
      expect(again.status).toBe(404);
    });
  });

  describe('tags', () => {
    it('creates, updates and deletes with the spec messages', async () => {
      const created = await create('tags', { name: 'Low End', description: 'Bass and kick' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Tag created',
        tag: {
          name: 'Low End',
          slug: 'low-end',
          description: 'Bass and kick',
          createdAt: expect.any(String),
        },
      });
      const id = created.body.tag.id;
      const updated = await t
        .http()
        .put(`/api/admin/blog/tags/${id}`)
        .set(bearer(tk.editor))
        .send({ name: 'Low End', slug: 'bass' });
      expect(updated.body).toMatchObject({ success: true, message: 'Tag updated', tag: { slug: 'bass' } });
      const deleted = await t.http().delete(`/api/admin/blog/tags/${id}`).set(bearer(tk.editor));
      expect(deleted.body).toEqual({ success: true, message: 'Tag deleted' });
      expect((await t.http().delete(`/api/admin/blog/tags/${id}`).set(bearer(tk.editor))).body).toEqual({
        success: false,
        message: 'Tag not found',
        code: 'TAG_NOT_FOUND',
      });
    });

    it('validates the name (2-100) and the slug (at least 2, the slug pattern)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, MESSAGES.tagName],
        [{ name: 'x' }, MESSAGES.tagName],
        [{ name: 'x'.repeat(101) }, 'Tag name must be at most 100 characters'],
        [{ name: 'Fine', slug: 'a' }, 'Slug must be at least 2 characters'],
        [{ name: 'Fine', slug: 'UPPER' }, MESSAGES.slugPattern],
      ];
      for (const [body, message] of cases) {
        const res = await create('tags', body, tk.admin);
        expect([body, res.status]).toEqual([body, 400]);
        expect(res.body.message).toBe(message);
      }
    });

    it('answers 409 for a duplicate name or slug', async () => {
      await createTag(t, tk.admin, 'Reverb');
      const dupe = await create('tags', { name: 'REVERB' }, tk.admin);
      expect(dupe.status).toBe(409);
      expect(dupe.body.code).toBe('TAG_EXISTS');
      const slug = await create('tags', { name: 'Hall', slug: 'reverb' }, tk.admin);
      expect(slug.status).toBe(409);
      expect(slug.body.code).toBe('TAG_SLUG_EXISTS');
    });
  });

  it('lists for staff with counts of every linked post, and for the public with published counts', async () => {
    const cat = await createCategory(t, tk.admin, 'Counted');
    const tag = await createTag(t, tk.admin, 'Counted tag');
    await createPost(t, tk.admin, { title: 'Counted draft', categoryIds: [cat.id], tagIds: [tag.id] });
    await createPost(t, tk.admin, {
      title: 'Counted live',
      status: 'published',
      categoryIds: [cat.id],
      tagIds: [tag.id],
    });

    const staffCats = await t.http().get('/api/admin/blog/categories').set(bearer(tk.editor));
    expect(staffCats.body.success).toBe(true);
    expect(staffCats.body.categories.find((c: { id: number }) => c.id === cat.id).count).toBe(2);
    const staffTags = await t.http().get('/api/admin/blog/tags').set(bearer(tk.editor));
    expect(staffTags.body.tags.find((x: { id: number }) => x.id === tag.id).count).toBe(2);

    const publicCats = await t.http().get('/api/blog/categories');
    expect(publicCats.body.categories.find((c: { id: number }) => c.id === cat.id)).toMatchObject({
      name: 'Counted',
      slug: 'counted',
      count: 1,
    });
    const publicTags = await t.http().get('/api/blog/tags');
    expect(publicTags.body.tags.find((x: { id: number }) => x.id === tag.id)).toMatchObject({
      name: 'Counted tag',
      count: 1,
    });
    const names = publicCats.body.categories.map((c: { name: string }) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });
});
