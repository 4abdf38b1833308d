import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectDetached, expectVisible, uniq, useBrowser } from './support.mjs';
import { adminPage, SHORT_DATE, toast } from './admin-helpers.mjs';

describe('admin: categories and tags', () => {
  const chrome = useBrowser();

  it('adds, renames and deletes a category', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/categories');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Categories' }));

    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectVisible(dialog.getByText('Name is required'));

    const name = uniq('Mastering ');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Loudness, tone and translation.');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectVisible(toast(page, 'Category created'));
    await expectVisible(page.getByText('The category has been created successfully.'));
    const card = page.getByTestId('category-card').filter({ hasText: name });
    await expectVisible(card);
    await expectVisible(card.getByText('Loudness, tone and translation.'));

    const renamed = `${name} Tips`;
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(toast(page, 'Category updated'));
    const renamedCard = page.getByTestId('category-card').filter({ hasText: renamed });
    await expectVisible(renamedCard);

    await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expectVisible(
      page
        .getByRole('dialog')
        .getByText(`Are you sure you want to delete "${renamed}"? This action cannot be undone.`),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast(page, 'Category deleted'));
    await expectDetached(renamedCard);
    await page.context().close();
  });

  it('adds and deletes a tag in the tags table', async () => {
    const page = await adminPage(chrome.browser);
    await page.goto('/admin/tags');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Tags' }));
    for (const header of ['Name', 'Slug', 'Description', 'Created', 'Actions']) {
      await expectVisible(page.getByRole('columnheader', { name: header }));
    }

    await page.getByRole('button', { name: 'Add Tag' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('x');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expectVisible(dialog.getByText('Tag name must be at least 2 characters'));

    const name = uniq('Analog Gear ');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expectVisible(toast(page, 'Tag created'));
    const row = page.getByRole('row').filter({ hasText: name });
    await expectVisible(row);
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(cells[1], name.toLowerCase().replace(/\s+/g, '-'));
    assert.match(cells[3], SHORT_DATE);

    await row.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(
      page
        .getByRole('dialog')
        .getByText(`Are you sure you want to delete "${name}"? This action cannot be undone.`),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectVisible(toast(page, 'Tag deleted'));
    await expectDetached(row);
    await page.context().close();
  });
});
