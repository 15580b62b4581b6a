// The catalogue screens' write actions for tests/e2e/double-everything.test.ts: Info (delete, tags,
// information blocks, files, categories, a conflict kept as mine), Add Products (a CSV import sent,
// a tag typed with Enter), the catalogue's bulk Add tags, Add Templates' names made with Enter, and the
// staff's template delete and retailer edit and delete. In order: a later entry may act on what an earlier one made.
import type { Page } from 'playwright-core';
import { call } from '../support/http.ts';
import { addProductsReady, imageFile } from './registration-helpers.ts';
import {
  button,
  countOf,
  dialog,
  doubleClick,
  enterTwice,
  keysOn,
  productId,
  SAVED,
  toasts,
  type Ctx,
  type WriteAction,
} from './double-helpers.ts';
import { atRest } from './shell-helpers.ts';

/** ACM-1004's Info in edit mode. */
async function editInfo(page: Page, c: Ctx) {
  await page.goto(`${c.url}/product/${c.productId}`);
  await button(page, 'Edit').click();
  return page.getByRole('form', { name: 'Edit product information' });
}

/** An Info save: the form changed by `change`, Save double-clicked, back in view mode. */
const infoSave = (name: string, change: (page: Page, c: Ctx) => Promise<void>, count: WriteAction['count']): WriteAction => ({
  name: `Info: ${name}`,
  as: 'manager',
  open: async (page, c) => {
    await editInfo(page, c);
    await change(page, c);
  },
  act: (page) => doubleClick(button(page, 'Save')),
  done: (page) => toasts(page, SAVED).first().waitFor(),
  count,
  toast: SAVED,
});

const form = (page: Page) => page.getByRole('form', { name: 'Edit product information' });
const TAGGED =
  'SELECT count(*)::int AS n FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 AND t.name = $2';
const BLOCKS = 'SELECT count(*)::int AS n FROM product_descriptions WHERE product_id = $1 AND title = $2';

/** One product in Add Products' batch, with an image: the tutorial closed if it shows. */
async function openAddProducts(page: Page, c: Ctx) {
  await page.goto(`${c.url}/product/add`);
  await addProductsReady(page);
}

/** A name typed in a template field, Enter pressed twice: created once, with its toast. */
const templateName = (label: string, value: string, toast: string, table: string): WriteAction => ({
  name: `${label.replace('*', '')} created by Enter (Add Templates, staff)`,
  as: 'staff',
  open: async (page, c) => {
    await page.goto(`${c.url}/admin/template/add`);
    await page.getByLabel(label).fill(value);
  },
  act: (page) => enterTwice(page.getByLabel(label)),
  done: (page) => page.getByText(toast).first().waitFor(),
  count: (db) => countOf(db, `SELECT count(*)::int AS n FROM ${table} WHERE name = $1`, [value]),
  toast,
});

/** The staff's retailer row 'Twice Home' (made by the retailer add entry) in edit mode. */
async function editRetailer(page: Page, c: Ctx) {
  await page.goto(`${c.url}/admin`);
  await atRest(page);
  await button(page, 'Edit Twice Home').click();
}

const BULK_TAGGED = 'Tagged 2 products with Twice Bulk Tag';

export const CATALOG_ACTIONS: WriteAction[] = [
  {
    name: 'Info: product delete',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/product/${await productId(c.s.db, 'ACM-1010')}`);
      await button(page, 'Delete Product').click();
      await page.getByText('Are you sure you want to delete this product?').waitFor();
    },
    act: (page) => doubleClick(dialog(page, 'Delete Product').getByRole('button', { name: 'Delete', exact: true })),
    done: (page) => dialog(page, 'Success').getByText('Product deleted').waitFor(),
    count: (db) => keysOn(db, '/deletes/product/squedule'),
  },
  infoSave(
    'a tag typed, Enter twice',
    async (page) => {
      const tags = form(page).getByLabel('Add tags (separate with commas)');
      await tags.fill('Twice Info Tag');
      await enterTwice(tags);
      await form(page).getByRole('button', { name: 'Remove tag Twice Info Tag' }).waitFor();
    },
    (db, c) => countOf(db, TAGGED, [c.productId, 'Twice Info Tag']),
  ),
  infoSave(
    'information added',
    async (page) => {
      await form(page).getByRole('button', { name: 'Add information' }).click();
      await form(page).getByLabel('Title').last().fill('Twice block');
      await form(page).getByLabel('Notes').last().fill('Added once.');
    },
    (db, c) => countOf(db, BLOCKS, [c.productId, 'Twice block']),
  ),
  infoSave(
    'information edited',
    async (page) => {
      const titles = await form(page)
        .getByLabel('Title')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      await form(page).getByLabel('Notes').nth(titles.indexOf('Twice block')).fill('Edited once.');
    },
    (db) => keysOn(db, '/puts/product/description/edit'),
  ),
  infoSave(
    'information deleted',
    (page) => form(page).getByRole('button', { name: 'Remove information “Twice block”' }).click(),
    (db) => keysOn(db, '/deletes/product/description/delete'),
  ),
  infoSave(
    'a file added',
    (page) =>
      form(page)
        .getByLabel(/Add files/)
        .setInputFiles({ name: 'twice-sheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%twice\n') }),
    (db, c) => countOf(db, 'SELECT count(*)::int AS n FROM product_assets WHERE product_id = $1', [c.productId]),
  ),
  // The seeded files are .txt: the .pdf is the one added above.
  infoSave(
    'a file removed',
    (page) =>
      form(page)
        .getByRole('button', { name: /^Remove .*\.pdf$/ })
        .click(),
    (db) => keysOn(db, '/deletes/product/asset/delete'),
  ),
  infoSave(
    'a subcategory ticked',
    (page) => form(page).getByRole('checkbox', { name: 'Vases' }).check(),
    (db, c) => countOf(db, 'SELECT count(*)::int AS n FROM product_subcategory_links WHERE product_id = $1', [c.productId]),
  ),
  {
    name: 'Catalogue: bulk Add tags confirm',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/catalog?section=allproducts`);
      const cells = page.getByTestId('grid-cell');
      await cells.nth(0).getByRole('checkbox').click();
      await cells
        .nth(1)
        .getByRole('checkbox')
        .click({ modifiers: ['Shift'] });
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText('2 selected').waitFor();
      await bar.getByRole('button', { name: 'Add tags' }).click();
      await dialog(page, 'Add tags').getByLabel('Tags').fill('Twice Bulk Tag');
      await page.keyboard.press('Enter');
    },
    act: (page) => doubleClick(dialog(page, 'Add tags').getByRole('button', { name: 'Add tags' })),
    done: (page) => toasts(page, BULK_TAGGED).first().waitFor(),
    // One bulk call under one key (its new tag's create is a step of the same action).
    count: (db) => keysOn(db, '/posts/product/bulk'),
    toast: BULK_TAGGED,
  },
  {
    name: 'Info: conflict, Keep mine',
    as: 'manager',
    open: async (page, c) => {
      await editInfo(page, c);
      await form(page).getByLabel('Finish').fill('Mine, kept once');
      // Someone else saves first: the save meets a 409 and the two versions are shown.
      const token = await c.s.tokenFor('manager@acme.test');
      await call(c.s, 'PUT', '/puts/product/edit', { token, body: { id_product: c.productId, finish: 'Theirs finish' } });
      await button(page, 'Save').click();
      await dialog(page, 'This product was changed by someone else').waitFor({ timeout: 15_000 });
    },
    act: (page) =>
      doubleClick(dialog(page, 'This product was changed by someone else').getByRole('button', { name: 'Keep mine' })),
    done: (page) => dialog(page, 'This product was changed by someone else').waitFor({ state: 'detached' }),
    // The refused save's key is stored before the count; keeping mine is one edit more.
    count: (db) => keysOn(db, '/puts/product/edit'),
  },
  {
    name: 'CSV import sent (Add Products)',
    as: 'manager',
    open: async (page, c) => {
      await openAddProducts(page, c);
      await button(page, 'Import CSV').click();
      const d = dialog(page, 'Import products from a CSV file');
      await d.getByLabel('CSV file').setInputFiles({
        name: 'twice.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('name,sku,unit,height,width,depth\nCsv twice,DBL-CSV,cm,40,50,60\n'),
      });
      await d.getByRole('button', { name: 'Add 1 product' }).click();
      await page.getByLabel('Add images').setInputFiles(await imageFile('csv-twice.png'));
      await page.getByRole('img', { name: 'csv-twice.png' }).waitFor();
    },
    act: (page) => doubleClick(button(page, 'SEND')),
    done: (page) => page.waitForURL(/\/catalog(\?|$)/),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM products WHERE sku = 'DBL-CSV' AND deleted_at IS NULL"),
  },
  {
    name: 'tag typed with Enter twice, sent (Add Products)',
    as: 'manager',
    open: async (page, c) => {
      await openAddProducts(page, c);
      await page.getByLabel('SKU', { exact: true }).fill('DBL-TAG');
      await page.getByLabel('Name', { exact: true }).fill('Tagged twice');
      await page.getByLabel('Add images').setInputFiles(await imageFile('tag-twice.png'));
      await page.getByRole('img', { name: 'tag-twice.png' }).waitFor();
      const tags = page.getByLabel('Tags', { exact: true });
      await tags.fill('Twice Batch Tag');
      await enterTwice(tags);
      await page.getByRole('button', { name: 'Remove tag Twice Batch Tag' }).waitFor();
    },
    act: (page) => doubleClick(button(page, 'SEND')),
    done: (page) => page.waitForURL(/\/catalog(\?|$)/),
    count: (db, c) =>
      countOf(db, 'SELECT count(*)::int AS n FROM tags WHERE customer_id = $1 AND name = $2', [c.cid, 'Twice Batch Tag']),
  },
  templateName('Ambient Type*', 'Twice Ambient', 'Ambient created successfully!', 'ambients'),
  templateName('Ambient Tags*', 'Twice Enter Tag', 'Tag created successfully!', 'template_tags'),
  {
    name: 'template delete (staff)',
    as: 'staff',
    open: async (page, c) => {
      await page.goto(`${c.url}/admin/catalog_template?q=Acme%20Room%2023`);
      await button(page, 'Delete Acme Room 23').click();
    },
    act: (page) =>
      doubleClick(page.getByRole('alertdialog', { name: 'Delete template' }).getByRole('button', { name: 'Delete template' })),
    done: (page) => page.getByText('Template deleted successfully').first().waitFor(),
    count: (db) => keysOn(db, '/template/delete'),
  },
  {
    name: 'retailer edit (staff)',
    as: 'staff',
    open: async (page, c) => {
      await editRetailer(page, c);
      await page.getByLabel('Retailer name').fill('Twice Home Edited');
    },
    act: (page) => doubleClick(button(page, 'Save')),
    done: async (page) => {
      const popup = dialog(page, 'Edit Retailer');
      await popup.getByText('Saved!').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
    },
    count: (db) => keysOn(db, '/puts/retailer/edit'),
    toast: 'Twice Home Edited saved',
  },
  {
    name: 'retailer delete (staff)',
    as: 'staff',
    open: async (page, c) => {
      await page.goto(`${c.url}/admin`);
      await atRest(page);
      await button(page, 'Edit Twice Home Edited').click();
      await button(page, 'Delete Retailer').click();
    },
    act: (page) => doubleClick(dialog(page, 'Delete Retailer').getByRole('button', { name: 'Delete', exact: true })),
    done: async (page) => {
      const popup = dialog(page, 'Delete Retailer');
      await popup.getByText('Retailer Deleted!').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
    },
    count: (db) => keysOn(db, '/deletes/retailer/delete'),
    toast: 'Twice Home Edited deleted',
  },
];
