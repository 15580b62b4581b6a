// Add products in real Chromium (document 2 §2.6, §4, §5, §8): the tutorial once (never opening over a
// form the user has started on), a batch of three (the
// first one invalid, with the exact message), SEND lands on /catalog with them (checked through the
// API), what the server would refuse is refused at its field first (values and files, in its words), a
// CSV of 20 rows fills the batch, onlyOneProduct hides the add button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { atRest, seriousViolations } from './shell-helpers.ts';
import { draftStored, imageFile, settled, signInAs } from './registration-helpers.ts';
import { cutShort, png, SVG } from '../support/image-bytes.ts';
import { changeByHand } from '../support/by-hand.ts';

describe.skipIf(skipWithoutChromium('add products e2e'))('add products', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let cid: number;
  let token: string;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const sku = async (s: string) =>
    (await call(env.s, 'GET', '/gets/product/show', { token, query: { id_customer: cid } })).body.products.filter(
      (p: { sku: string }) => p.sku === s,
    );

  beforeAll(async () => {
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    token = await env.s.tokenFor('manager@acme.test');
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAs(page, env.s.url, 'manager@acme.test');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a tutorial answer that comes once the user has started typing waits behind its button', async () => {
    // The server's answer is held until the user has typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = '**/user/tutorial/watched?*';
    await page.route(asked, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.s.url}/product/add`);
    await field('Name').fill('Typed before the answer');
    release();
    await page.locator('[data-tutorial="answered"]').waitFor();
    await page.getByRole('button', { name: 'Watch the tutorial' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'How to register products' }).count()).toBe(0);
    expect(await field('Name').inputValue()).toBe('Typed before the answer');
    await page.unroute(asked);
    // The batch's first product blank again, as stored, for the tests that follow.
    await field('Name').fill('');
    await draftStored(page, 'Typed before the answer', false);
  });

  it('shows the tutorial video once', async () => {
    await page.goto(`${env.s.url}/product/add`);
    const dialog = page.getByRole('dialog', { name: 'How to register products' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('tutorial-video').getAttribute('src')).toBe('/tutorials/register-products.mp4');
    expect(await dialog.locator('track[kind="captions"]').getAttribute('src')).toBe('/tutorials/register-products.vtt');
    expect((await fetch(`${env.s.url}/tutorials/register-products.mp4`)).status).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect
      .poll(
        async () =>
          (await call(env.s, 'GET', '/user/tutorial/watched', { token, query: { slug: 'register-products' } })).body.data.watched,
      )
      .toBe(true);
    await page.reload();
    await field('Name').waitFor();
    // The button comes with the server's answer about the tutorial: the dialog is decided in the same render.
    await page.getByRole('button', { name: 'Watch the tutorial' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'How to register products' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Watch the tutorial' }).click();
    await page.getByRole('dialog', { name: 'How to register products' }).getByRole('button', { name: 'Got it' }).click();
  });

  it('checks the batch with the exact messages, sends three products and lands on /catalog with them', async () => {
    await page.goto(`${env.s.url}/product/add`);
    // Product 1: an image but no name or sku.
    await page.getByLabel('Add images').setInputFiles([await imageFile('e2e-1a.png'), await imageFile('e2e-1b.jpg', '#7d8fa6')]);
    await page.getByRole('img', { name: 'e2e-1b.jpg' }).waitFor();
    await page.getByRole('button', { name: 'SEND' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText('You need to add a name or sku to the product', { exact: true }).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await field('SKU').fill('E2E-1');
    await field('Name').fill('E2E Sofa');

    // Product 2: typed tags by the comma rule, a category, a description; no image yet.
    await page.getByRole('button', { name: 'Add product' }).click();
    await field('SKU').fill('E2E-2');
    await field('Name').fill('E2E Lamp');
    const tags = page.getByLabel('Tags', { exact: true });
    await tags.fill('LINEN, e2e-fresh,');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Remove tag e2e-fresh' }).waitFor();
    await page.getByRole('checkbox', { name: 'Mirrors' }).click();
    await page.getByLabel('Text').first().fill('Hand-blown glass shade.');
    await page.getByRole('button', { name: 'SEND' }).click();
    await error.getByText('You need to add at least one image to the product 2: E2E-2', { exact: true }).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Add images').setInputFiles(await imageFile('e2e-2.png'));
    await page.getByRole('img', { name: 'e2e-2.png' }).waitFor(); // checked, then added

    // Product 3: automation needs the three dimensions and a file.
    await page.getByRole('button', { name: 'Add product' }).click();
    await field('SKU').fill('E2E-3');
    await page.getByLabel('Add images').setInputFiles(await imageFile('e2e-3.png'));
    await page.getByRole('img', { name: 'e2e-3.png' }).waitFor();
    await page.getByRole('switch', { name: 'Send for automation' }).click();
    await field('Height').fill('80');
    await field('Width').fill('200');
    await page.getByRole('button', { name: 'SEND' }).click();
    await error.getByText('You need to add the dimensions to the product 3: E2E-3', { exact: true }).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await field('Depth').fill('95');
    await field('Unit').selectOption('cm');
    await page.getByRole('button', { name: 'SEND' }).click();
    await error.getByText('You need to add at least one file to the product 3: E2E-3', { exact: true }).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await page
      .getByLabel('Add files')
      .setInputFiles({ name: 'e2e-spec.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByText('e2e-spec.pdf', { exact: true }).waitFor();
    // The list flags nothing any more; axe on the full form.
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'SEND' }).click();
    await page.waitForURL(/\/catalog(\?|$)/);
    await page.getByText('Products sent successfully').waitFor();
    await settled(page);
    const [p1] = await sku('E2E-1');
    const [p2] = await sku('E2E-2');
    const [p3] = await sku('E2E-3');
    expect(p1).toMatchObject({ name: 'E2E Sofa', automation_system: 0, measure: 'in' });
    expect(p1.images).toHaveLength(2);
    expect(p2.tags.map((t: { name: string }) => t.name.toLowerCase()).sort()).toEqual(['e2e-fresh', 'linen']);
    expect(p2.categories.map((c: { subcategory: string }) => c.subcategory)).toEqual(['Mirrors']);
    expect(p3).toMatchObject({ automation_system: 1, height: '80', width: '200', depth: '95', measure: 'cm' });
    const full2 = (await call(env.s, 'GET', '/gets/product', { token, query: { id_product: p2.id, id_customer: cid } })).body
      .product;
    expect(full2.descriptions).toEqual([{ id: expect.any(Number), title: 'Description', notes: 'Hand-blown glass shade.' }]);
    const full3 = (await call(env.s, 'GET', '/gets/product', { token, query: { id_product: p3.id, id_customer: cid } })).body
      .product;
    expect(full3.files).toHaveLength(1);
    for (const s of ['E2E-1', 'E2E-2', 'E2E-3']) expect(await sku(s)).toHaveLength(1);
    await page.getByTestId('product-card').filter({ hasText: 'E2E-3' }).first().waitFor();
  });

  it('refuses at its field what the server would refuse, in its words, before anything is queued', async () => {
    // A context of its own: a fresh stored form, left behind with the context.
    const other = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const p = await other.newPage();
    try {
      await signInAs(p, env.s.url, 'manager@acme.test');
      await p.goto(`${env.s.url}/product/add`);
      const input = (label: string) => p.getByLabel(label, { exact: true });
      await input('SKU').fill('E2E-BAD');
      await input('Height').fill('-1');
      await input('Width').fill('abc');
      // Shown as typed, under each field.
      await p.getByText('The height field must not be negative.').waitFor();
      expect(await input('Height').getAttribute('aria-invalid')).toBe('true');
      await p.getByText(`The width field must be a number, such as 12, 12.5 or 6' 2 1/2".`).waitFor();
      // Files are judged by their content before they join the form, each refused one named with its reason.
      await p
        .getByLabel('Add images')
        .setInputFiles([
          await imageFile('good.png'),
          { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('a text file named .png') },
          { name: 'cut.png', mimeType: 'image/png', buffer: cutShort(png(4, 4)) },
          { name: 'big.png', mimeType: 'image/png', buffer: png(20000, 20000) },
          { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
          { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: SVG },
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
        ]);
      const refused = p.getByRole('list', { name: 'Files not added' });
      await refused.waitFor();
      expect(await refused.getByRole('listitem').allTextContents()).toEqual([
        'fake.png: The file is not a valid image.',
        'cut.png: The file is not a valid image.',
        'big.png: The image is too large: 20000 × 20000 px, the limit is 100 megapixels.',
        'empty.png: The file is empty.',
        'drawing.svg: The file must be a file of type: jpg, jpeg, png, webp.',
        'notes.txt: The file must be a file of type: jpg, jpeg, png, webp.',
      ]);
      await p.getByRole('img', { name: 'good.png' }).waitFor();
      expect(await p.getByRole('img', { name: /\.(png|svg|txt)$/ }).count()).toBe(1);
      expect(await seriousViolations(p)).toEqual([]);
      // SEND refuses with the first message; nothing is queued or created.
      await p.getByRole('button', { name: 'SEND' }).click();
      const error = p.getByRole('dialog', { name: 'Error' });
      await error.getByText('The height field must not be negative.', { exact: true }).waitFor();
      await error.getByRole('button', { name: 'OK' }).click();
      expect(await p.getByTestId('pending-indicator').count()).toBe(0);
      expect(await sku('E2E-BAD')).toEqual([]);
      await input('Height').fill('12');
      await p.getByText('The height field must not be negative.').waitFor({ state: 'detached' });
    } finally {
      await other.close();
    }
  });

  it('a CSV of 20 rows fills the batch, each row checked before anything is sent', async () => {
    await page.goto(`${env.s.url}/product/add`);
    const rows = Array.from(
      { length: 20 },
      (_, i) => `Chair ${i + 1},CSV-${i + 1},Nordic,${i === 4 ? 'yd' : 'cm'},45,50,55,"oak, linen",Dining > Dining Chairs`,
    );
    const csv = `name,sku,collection,unit,height,width,depth,tags,categories\n${rows.join('\n')}\n`;
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('20 rows read; 1 row to fix after import.', { exact: false }).waitFor();
    await dialog.getByText('The unit field must be one of: in, ft, (blank), mm, cm, m.').waitFor();
    expect(await dialog.getByRole('row').count()).toBe(21);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add 20 products' }).click();
    const list = page.getByRole('list', { name: 'Products' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    await list.getByRole('button', { name: /CSV-20/ }).click();
    expect(await field('Name').inputValue()).toBe('Chair 20');
    expect(await field('Unit').inputValue()).toBe('cm');
    expect(await page.getByRole('checkbox', { name: 'Dining Chairs' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Remove tag linen' }).waitFor();
    await page.getByRole('button', { name: 'SEND' }).click();
    await page
      .getByRole('dialog', { name: 'Error' })
      .getByText('You need to add at least one image to the product 1: CSV-1', { exact: true })
      .waitFor();
  });

  it('onlyOneProduct: below 2 products allowed there is no add button', async () => {
    await changeByHand(env.s.db, "UPDATE customers SET products_allowed = 1 WHERE name = 'Borealis Home'");
    const other = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const p = await other.newPage();
    try {
      await signInAs(p, env.s.url, 'manager@borealis.test');
      await p.goto(`${env.s.url}/product/add`);
      await p.getByRole('dialog', { name: 'How to register products' }).getByRole('button', { name: 'Got it' }).click();
      await p.getByRole('button', { name: 'SEND' }).waitFor();
      // The company's limit comes with the first pull: once it has ended, the buttons go (or never came).
      await atRest(p);
      await expect.poll(() => p.getByRole('button', { name: 'Add product' }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Import CSV' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
