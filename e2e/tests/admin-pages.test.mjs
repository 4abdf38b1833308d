/* global window, document -- used inside page callbacks, which run in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE, api, expectDetached, expectHidden, expectVisible, uniq, useBrowser } from './support.mjs';
import { adminPage, createViaApi, PNG_1X1, staffToken, toast } from './admin-helpers.mjs';

describe('admin: dashboard, media, comments and settings', () => {
  const chrome = useBrowser();

  it('greets the user, counts posts and lists the latest ones', async () => {
    const title = uniq('Freshly updated ');
    await createViaApi('/api/admin/blog/posts', {
      title,
      content: '<p>A post for the dashboard test, long enough to be valid.</p>',
      status: 'draft',
    });
    const page = await adminPage(chrome.browser);
    await page.goto('/admin');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await expectVisible(page.getByText(/^Welcome back, .+/));
    for (const card of ['Total Posts', 'Categories', 'Tags', 'Draft Posts'])
      await expectVisible(page.getByTestId(`stat-${card}`));
    const value = (card) =>
      page.getByTestId(`stat-${card}`).locator('.ant-statistic-content-value').innerText();
    const stats = (await api('/api/admin/blog/stats', { token: await staffToken() })).body;
    assert.ok(stats.draftPosts >= 1);
    assert.equal(Number(await value('Draft Posts')), stats.draftPosts);
    assert.equal(Number(await value('Total Posts')), stats.publishedPosts);
    const recent = page.locator('.ant-list-item').filter({ hasText: title });
    await expectVisible(recent);
    await expectVisible(recent.getByText('Draft', { exact: true }));
    assert.match(
      await recent.getByRole('link', { name: `Edit ${title}` }).getAttribute('href'),
      /^\/admin\/posts\/\d+$/,
    );
    // The mail queue dashboard is a full page load, not a client route.
    assert.equal(
      await page.getByRole('link', { name: 'Mail queue' }).first().getAttribute('href'),
      '/admin/queues',
    );
    await expectVisible(page.getByRole('link', { name: 'Open the mail queue' }));
    await page.context().close();
  });

  it('uploads an image by drag-and-drop area, edits its alt text and deletes it', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/media');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Media' }));
    const before = await page.getByTestId('media-card').count();
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles({
      name: 'studio.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    await expectVisible(toast(page, 'Image uploaded'));
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="media-card"]').length === n + 1,
      before,
    );
    const card = page.getByTestId('media-card').first();
    await expectVisible(card.getByText('No alt text'));

    await card.getByRole('button', { name: /^Edit details of/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Alt text').fill('The mixing desk at dusk');
    await dialog.getByLabel('Caption').fill('Where the magic happens.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toast(page, 'Image updated'));
    await expectHidden(dialog);
    await expectVisible(card.getByText('Alt: The mixing desk at dusk'));

    await card.getByRole('button', { name: 'Delete The mixing desk at dusk' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'This action cannot be undone.' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast(page, 'Image deleted'));
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="media-card"]').length === n,
      before,
    );
    await page.context().close();
  });

  it('moderates comments: approve, unapprove, delete', async () => {
    const post = await createViaApi('/api/admin/blog/posts', {
      title: uniq('Commented post '),
      content: '<p>A post that readers comment on, for the moderation test.</p>',
      status: 'published',
    });
    const content = uniq('Great tips, thank you ');
    const sent = await api(`/api/blog/posts/${post.post.slug}/comments`, {
      method: 'POST',
      body: { authorName: 'Sam Reader', authorEmail: 'sam@example.com', content },
    });
    assert.ok(sent.status < 300, `comment accepted (${sent.status})`);

    const page = await adminPage(chrome.browser);
    await page.goto('/admin/comments');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Comments' }));
    const row = page.getByRole('row').filter({ hasText: content });
    await expectVisible(row.getByText('Pending'));
    await row.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(toast(page, 'Comment approved'));
    await expectDetached(row); // no longer pending

    await page.getByText('Approved', { exact: true }).first().click();
    const approved = page.getByRole('row').filter({ hasText: content });
    await approved.getByRole('button', { name: 'Unapprove' }).click();
    await expectVisible(toast(page, 'Comment unapproved'));

    await page.getByText('All', { exact: true }).first().click();
    const any = page.getByRole('row').filter({ hasText: content });
    await any.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog);
    // Asked for less motion (support.mjs), the dialog and its mask appear without animating.
    assert.equal(await page.locator('[class*="ant-zoom"], [class*="ant-fade"]').count(), 0);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast(page, 'Comment deleted'));
    await expectDetached(any);
    await page.context().close();
  });

  it('saves the site settings', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/settings');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Settings' }));
    const description = `Mixing and mastering studio ${uniq('')}`;
    await page.getByLabel('Site description').fill(description);
    await page.getByLabel('Instagram', { exact: true }).fill('not a link');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(page.getByText('The Instagram link must be a full http or https address'));
    await page.getByLabel('Instagram', { exact: true }).fill('https://instagram.com/studio');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(toast(page, 'Settings saved'));
    const pub = await api('/api/settings');
    assert.equal(pub.body.settings.siteDescription, description);
    assert.equal(pub.body.settings.socialLinks.instagram, 'https://instagram.com/studio');
    await page.context().close();
  });

  it('works on a phone: the menu opens from the header', async () => {
    const page = await adminPage(chrome.browser, PHONE);
    for (const [path, heading] of [
      ['/admin/posts/new', 'New Post'],
      ['/admin', 'Dashboard'],
      ['/admin/posts', 'Posts'],
    ]) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(sideways, false, `${path} does not scroll sideways`);
    }
    await page.locator('.ant-pro-global-header-collapsed-button').click();
    await page.getByRole('menuitem', { name: /Tags/ }).click();
    await page.waitForURL('**/admin/tags');
    await page.context().close();
  });
});
