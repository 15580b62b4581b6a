// Every screen's write actions, for tests/e2e/double-everything.test.ts: a new screen adds its entry
// (user management's are in double-actions-users.ts, the public pages' in double-actions-public.ts,
// the catalogue's in double-actions-catalog.ts, the imagery sections' in double-actions-imagery.ts).
// Each names what one change adds on the server; names and values are unique to their entry.
import { addProductsReady, imageFile } from './registration-helpers.ts';
import { openSection, loaded, type PresetSection } from './imagery-helpers.ts';
import { CATALOG_ACTIONS } from './double-actions-catalog.ts';
import { IMAGERY_ACTIONS } from './double-actions-imagery.ts';
import { INVITED_ACTIONS, PUBLIC_ACTIONS } from './double-actions-public.ts';
import { LATER_USER_ACTIONS, USER_ACTIONS } from './double-actions-users.ts';
import { button, countOf, dialog, doubleClick, enterTwice, keysOn, type WriteAction } from './double-helpers.ts';
import { atRest } from './shell-helpers.ts';

/** A new preset of a section, one control changed, Save double-clicked: one preset more. */
const newPreset = (section: PresetSection): WriteAction => ({
  name: `new ${section} preset`,
  as: 'manager',
  open: async (page, c) => {
    await openSection(page, c.url, c.productId, section);
    await loaded(page);
    await button(page, 'New preset').click();
    const shadow = page.getByLabel('Drop Shadow value', { exact: true });
    await shadow.fill('37');
    await shadow.press('Enter');
  },
  act: (page) => doubleClick(page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save' })),
  done: async (page) => {
    const popup = dialog(page, 'Create preset');
    await popup.getByText('Saved!', { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
  },
  count: (db, c) =>
    countOf(db, 'SELECT count(*)::int AS n FROM product_presets WHERE product_id = $1 AND section = $2', [c.productId, section]),
});

export const ACTIONS: WriteAction[] = [
  ...PUBLIC_ACTIONS,
  newPreset('silo'),
  newPreset('vignette'),
  newPreset('360'),
  {
    name: 'Info save',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/product/${c.productId}`);
      await button(page, 'Edit').click();
      await page.getByRole('form', { name: 'Edit product information' }).getByLabel('Name').fill('Sofa saved once');
    },
    act: (page) => doubleClick(button(page, 'Save')),
    done: (page) => button(page, 'Edit').waitFor(),
    count: (db) => keysOn(db, '/puts/product/edit'),
  },
  ...USER_ACTIONS,
  {
    name: 'bug report',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/dashboard`);
      await button(page, 'Report Bug').click();
      const d = dialog(page, 'Report Bug');
      await d.getByLabel('Subject').fill('Clicked twice');
      await d.getByLabel('Description').fill('Sent once.');
    },
    act: (page) => doubleClick(dialog(page, 'Report Bug').getByRole('button', { name: 'Send' })),
    done: (page) => dialog(page, 'Report Bug').getByText('Bug report sent successfully!').waitFor(),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM bug_reports WHERE subject = 'Clicked twice'"),
  },
  {
    name: 'bug report, Enter twice',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/dashboard`);
      await button(page, 'Report Bug').click();
      const d = dialog(page, 'Report Bug');
      await d.getByLabel('Description').fill('Sent once, by Enter.');
      await d.getByLabel('Subject').fill('Entered twice');
    },
    act: (page) => enterTwice(dialog(page, 'Report Bug').getByLabel('Subject')),
    done: (page) => dialog(page, 'Report Bug').getByText('Bug report sent successfully!').waitFor(),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM bug_reports WHERE subject = 'Entered twice'"),
  },
  {
    name: 'service request',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/catalog?section=templates`);
      await page.getByTestId('scene-card').first().getByRole('checkbox').check();
    },
    act: (page) => doubleClick(button(page, 'Request service')),
    done: async (page) => {
      const popup = dialog(page, 'Success');
      await popup.getByText('Service created successfully').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
    },
    count: (db, c) => countOf(db, 'SELECT count(*)::int AS n FROM service_requests WHERE customer_id = $1', [c.cid]),
  },
  {
    name: 'product batch send (Add Products)',
    as: 'manager',
    open: async (page, c) => {
      await page.goto(`${c.url}/product/add`);
      await addProductsReady(page);
      await page.getByLabel('SKU', { exact: true }).fill('DBL-1');
      await page.getByLabel('Name', { exact: true }).fill('Double sofa');
      await page.getByLabel('Add images').setInputFiles(await imageFile('double.png'));
      await page.getByRole('img', { name: 'double.png' }).waitFor();
    },
    act: (page) => doubleClick(button(page, 'SEND')),
    done: (page) => page.waitForURL(/\/catalog(\?|$)/),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM products WHERE sku = 'DBL-1' AND deleted_at IS NULL"),
  },
  {
    name: 'tailor request',
    as: 'manager',
    open: async (page, c) => {
      await openSection(page, c.url, c.productId, 'vignette');
      await loaded(page);
    },
    act: (page) => doubleClick(button(page, 'Click here to be contacted')),
    done: (page) => page.getByText('A tailor-made service was requested today.').waitFor(),
    count: (db, c) =>
      countOf(db, "SELECT count(*)::int AS n FROM tailor_requests WHERE product_id = $1 AND page = 'Vignette'", [c.productId]),
    toast: 'Request sent',
  },
  {
    name: 'silo upload',
    as: 'manager',
    open: async (page, c) => {
      await openSection(page, c.url, c.productId, 'silo');
      await loaded(page);
      await button(page, 'Upload').click();
      await dialog(page, 'Upload images')
        .locator('input[type=file]')
        .setInputFiles(await imageFile('once.png'));
    },
    act: (page) => doubleClick(dialog(page, 'Upload images').getByRole('button', { name: 'Upload', exact: true })),
    done: (page) => dialog(page, 'Upload images').getByText('Upload complete', { exact: true }).waitFor(),
    count: (db, c) =>
      countOf(db, "SELECT count(*)::int AS n FROM product_uploads WHERE product_id = $1 AND section = 'silo'", [c.productId]),
  },
  {
    name: '360 Send to email',
    as: 'manager',
    open: async (page, c) => {
      await openSection(page, c.url, c.productId, '360');
      await loaded(page);
      await page.getByRole('switch', { name: '4K Images' }).click();
    },
    act: (page) => doubleClick(button(page, 'Send to email')),
    done: (page) => page.getByText('Download requested').first().waitFor(),
    count: (db, c) => countOf(db, 'SELECT count(*)::int AS n FROM exports WHERE product_id = $1', [c.productId]),
    toast: 'Download requested',
  },
  {
    name: 'retailer add (staff)',
    as: 'staff',
    open: async (page, c) => {
      await page.goto(`${c.url}/admin`);
      await atRest(page);
      await button(page, 'Add Retailer').click();
      await page.getByLabel('Retailer name').fill('Twice Home');
      await page.getByLabel('File name of Twice Home').fill('TH_<frame_num2>.<ext>');
    },
    act: (page) => doubleClick(button(page, 'Save')),
    done: async (page) => {
      const popup = dialog(page, 'Add Retailer');
      await popup.getByText('Saved!').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
    },
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM retailers WHERE retailer = 'Twice Home'"),
    toast: 'Twice Home added',
  },
  {
    name: 'template batch send (Add Templates, staff)',
    as: 'staff',
    open: async (page, c) => {
      await page.goto(`${c.url}/admin/template/add`);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Twice Template');
      await page.getByLabel('Image', { exact: true }).setInputFiles(await imageFile('twice.png'));
      await page.getByRole('img', { name: 'twice.png' }).waitFor();
      const ambients = page.getByLabel('Ambient Type*');
      await ambients.fill('liv');
      await ambients.press('Enter');
      await button(page, 'Remove ambient Living Room').waitFor();
      const tags = page.getByLabel('Ambient Tags*');
      await tags.fill('Twice Tag');
      await tags.press('Enter');
      await page.getByText('Tag created successfully!').first().waitFor();
      await page.getByRole('radio', { name: 'Public' }).click();
    },
    act: (page) => doubleClick(button(page, 'SEND')),
    done: (page) => page.waitForURL('**/admin/catalog_template'),
    count: (db) => countOf(db, "SELECT count(*)::int AS n FROM templates WHERE name = 'Twice Template'"),
  },
  {
    name: 'template edit (staff)',
    as: 'staff',
    open: async (page, c) => {
      await page.goto(`${c.url}/admin/catalog_template?q=Acme%20Room%2022`);
      await page.getByRole('link', { name: 'Open Acme Room 22' }).click();
      await page.getByRole('heading', { name: 'Acme Room 22' }).waitFor();
      await page.getByLabel('Notes').fill('Saved once, clicked twice');
    },
    act: (page) => doubleClick(button(page, 'Save')),
    done: async (page) => {
      const popup = dialog(page, 'Success');
      await popup.getByText('Template saved successfully!').waitFor();
      await popup.getByRole('button', { name: 'OK' }).click();
    },
    count: (db) => keysOn(db, '/template/edit'),
  },
  ...CATALOG_ACTIONS,
  ...IMAGERY_ACTIONS,
  ...INVITED_ACTIONS,
  ...LATER_USER_ACTIONS,
];
