import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launch, uniq } from './support.mjs';
import { adminPage, SHORT_DATE, toast } from './admin-helpers.mjs';

describe('admin: categories and tags', () => {
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(() => browser?.close());

  it('adds, renames and deletes a category', async () => {
    const page = await adminPage(browser);
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();

    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Name is required').waitFor();

    const name = uniq('Mastering ');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Loudness, tone and translation.');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await toast(page, 'Category created').waitFor();
    await page.getByText('The category has been created successfully.').waitFor();
    const card = page.getByTestId('category-card').filter({ hasText: name });
    await card.waitFor();
    await card.getByText('Loudness, tone and translation.').waitFor();

    const renamed = `${name} Tips`;
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Category updated').waitFor();
    const renamedCard = page.getByTestId('category-card').filter({ hasText: renamed });
    await renamedCard.waitFor();

    await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page
      .getByRole('dialog')
      .getByText(`Are you sure you want to delete "${renamed}"? This action cannot be undone.`)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Category deleted').waitFor();
    await renamedCard.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('adds and deletes a tag in the tags table', async () => {
    const page = await adminPage(browser);
    await page.goto('/admin/tags');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    for (const header of ['Name', 'Slug', 'Description', 'Created', 'Actions']) {
      await page.getByRole('columnheader', { name: header }).waitFor();
    }

    await page.getByRole('button', { name: 'Add Tag' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('x');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await dialog.getByText('Tag name must be at least 2 characters').waitFor();

    const name = uniq('Analog Gear ');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await toast(page, 'Tag created').waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.equal(cells[1], name.toLowerCase().replace(/\s+/g, '-'));
    assert.match(cells[3], SHORT_DATE);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByText(`Are you sure you want to delete "${name}"? This action cannot be undone.`)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Tag deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
