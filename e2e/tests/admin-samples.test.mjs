// The sample posts of a first start (issue 28): the Posts page tells an admin which posts are
// samples and removes them all with one button. The browser stacks boot without samples
// (SEED_SAMPLES is npm start's), so this file marks two posts of its own as samples in the
// database, as the seeding does.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { BASE, api, expectDetached, expectVisible, uniq, useBrowser } from './support.mjs';
import { adminPage, createViaApi, toast } from './admin-helpers.mjs';

const pg = createRequire(new URL('../../backend/package.json', import.meta.url))('pg');

async function markAsSamples(postIds) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE blog_posts SET is_sample = true WHERE id = ANY($1::int[])`, [postIds]);
  } finally {
    await db.end();
  }
}

describe('admin: sample posts', () => {
  const chrome = useBrowser();

  it('removes the sample posts with one confirmed click, and only them', async () => {
    const prefix = uniq('Sample');
    const content = '<p>Leave six decibels of headroom on the mix bus for the mastering engineer.</p>';
    const made = [];
    for (const title of [`${prefix} headroom`, `${prefix} loudness`, `${prefix} our own post`]) {
      made.push((await createViaApi('/api/admin/blog/posts', { title, content, status: 'published' })).post);
    }
    const [sampleA, sampleB, own] = made;
    await markAsSamples([sampleA.id, sampleB.id]);

    const page = await adminPage(chrome.browser);
    await page.goto('/admin/posts');
    const alert = page.getByRole('alert').filter({ hasText: 'These are sample posts' });
    await expectVisible(alert);
    assert.match(await alert.innerText(), /2 posts came with the first start as samples/);

    await alert.getByRole('button', { name: 'Remove sample posts' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Remove the sample posts?' });
    await expectVisible(dialog);
    // A sample the page has not counted yet (another admin's seeding, say): the server removes it
    // too, and the toast gives the server's count, not the alert's.
    const late = (
      await createViaApi('/api/admin/blog/posts', { title: `${prefix} late`, content, status: 'published' })
    ).post;
    await markAsSamples([late.id]);
    await dialog.getByRole('button', { name: 'Remove sample posts' }).click();
    await expectVisible(toast(page, 'Sample posts removed'));
    await expectVisible(toast(page, '3 sample posts are gone'));
    await expectDetached(alert);

    // The list reloads without them; our own post stays, on the list and on the blog.
    await page.getByLabel('Search posts').fill(prefix);
    // (The list may still be the one from before the click while its reload is on the way.)
    await expectDetached(page.getByRole('link', { name: sampleA.title }));
    await expectDetached(page.getByRole('link', { name: sampleB.title }));
    await expectVisible(page.getByRole('link', { name: own.title }));
    for (const post of [sampleA, sampleB, late]) {
      assert.equal((await fetch(`${BASE}/blog/post/${post.slug}`)).status, 404);
    }
    assert.equal((await api(`/api/blog/posts/${own.slug}`)).status, 200);

    // A reload shows no alert: nothing is left to remove.
    const counted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/blog/samples');
    await page.reload();
    assert.deepEqual(await (await counted).json(), { success: true, samplePosts: 0 });
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Posts' }));
    assert.equal(await page.getByText('These are sample posts').count(), 0);
  });
});
