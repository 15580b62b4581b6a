// The catalogue's search, sort and keyboard path in real Chromium (issue 28): words in any order with
// a plural and a typo, a SKU without punctuation ranked first, highlights on the cards, axe with a
// search on screen; the sort from the URL and from its menu; the skip link within 5 Tab presses,
// the arrow keys through the grid, "/" to the search box and Enter to open a product; ↓ from the search
// box to the first result and ↑ back, Back from a product to its card focused, with the selection (issue 43).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { fold, matchDoc, queryWords, searchDoc } from '../../src/data/catalog/catalog-search.ts';
import type { ProductRow } from '../../src/data/local/types.ts';
import { parseCsvText } from '../../src/workers/csv-parse.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';
import { clippedControls } from './layout-helpers.ts';
import { addProductsReady } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('catalogue search e2e'))('catalogue search, sort and keyboard', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let products: ProductRow[];
  const count = async () => Number((await page.getByTestId('catalog-count').textContent())!.split(' ')[0]);
  const firstId = async () => Number(await page.getByTestId('product-card').first().getAttribute('data-id'));
  /** The search's own rules over the server's rows: how many match, and which comes first. */
  const oracle = (text: string) => {
    const words = queryWords(text);
    const hits = [...products]
      .sort((a, b) => b.id - a.id)
      .map((p) => ({
        p,
        tier: matchDoc(
          searchDoc(p.name, p.sku, [
            p.collection,
            p.finish,
            ...p.tags.map((t) => t.name),
            ...p.categories.flatMap((c) => [c.name, c.subcategory]),
          ]),
          words,
        ),
      }))
      .filter((x) => x.tier >= 0)
      .sort((a, b) => a.tier - b.tier);
    return { count: hits.length, first: hits[0]?.p.id };
  };
  const search = async (text: string) => {
    const want = oracle(text);
    await page.getByLabel('Name or SKU').fill(text);
    await expect.poll(count, { timeout: 15_000 }).toBe(want.count);
    if (want.first !== undefined) await expect.poll(firstId, { timeout: 15_000 }).toBe(want.first);
    return want;
  };

  beforeAll(async () => {
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const token = await env.s.tokenFor('manager@acme.test');
    products = (await call(env.s, 'GET', '/gets/product/show', { token, query: { id_customer: cid } })).body.products;
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds words in any order, plurals, a typo and a SKU without punctuation, highlighted', async () => {
    await page.goto(`${env.s.url}/catalog?section=allproducts`);
    await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
    await page.getByRole('dialog', { name: 'Loading' }).waitFor({ state: 'detached' });
    // A two-word name, typed backwards with the last word in the plural.
    const named = products.find((p) => /^[A-Za-z]+ [A-Za-z]{4,}$/.test(p.name.split(' ').slice(0, 2).join(' ')))!;
    const [first, second] = named.name.split(' ') as [string, string];
    const reversed = `${second.toLowerCase()}s ${first.toLowerCase()}`;
    const found = await search(reversed);
    expect(found.count).toBeGreaterThan(0);
    const card = page.getByTestId('product-card').first();
    expect((await card.locator('mark').allTextContents()).map(fold)).toEqual(expect.arrayContaining([fold(first), fold(second)]));
    // One typo in a word of 5+ letters: two letters swapped.
    const long = products.flatMap((p) => p.name.split(' ')).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    const typo = `${long.slice(0, 2)}${long[3]}${long[2]}${long.slice(4)}`.toLowerCase();
    expect((await search(typo)).count).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/catalog-search-typo.png' });
    // A SKU without punctuation or case: that product first, its SKU highlighted.
    const coded = products.find((p) => /[^A-Za-z0-9]/.test(p.sku))!;
    const flat = coded.sku.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
    expect((await search(flat)).first).toBe(coded.id);
    expect(await card.locator('mark').last().textContent()).toBe(coded.sku);
    expect(await seriousViolations(page)).toEqual([]);
    await search(reversed);
    await page.screenshot({ path: '/tmp/catalog-search.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Name or SKU').fill('');
    await expect.poll(count).toBe(products.length);
  });

  it('sorts from the URL and from the Sort menu, which writes the URL', async () => {
    const by = (k: (p: ProductRow) => string, dir: 1 | -1) =>
      [...products].sort((a, b) => b.id - a.id).sort((a, b) => (k(a) < k(b) ? -dir : k(a) > k(b) ? dir : 0))[0]!.id;
    await page.goto(`${env.s.url}/catalog?section=allproducts&sort=-name`);
    await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
    await expect.poll(firstId).toBe(by((p) => fold(p.name), -1));
    expect(await page.getByLabel('Sort').inputValue()).toBe('-name');
    await page.getByLabel('Sort').selectOption({ label: 'SKU A–Z' });
    await page.waitForURL(/sort=sku(&|$)/);
    await expect.poll(firstId).toBe(by((p) => fold(p.sku), 1));
    await page.getByLabel('Sort').selectOption({ label: 'Best match' });
    await page.waitForURL((u) => !u.searchParams.has('sort'));
    await expect.poll(firstId).toBe(Math.max(...products.map((p) => p.id)));
  });

  it('the keyboard: skip link within 5 Tabs, arrows through the grid, "/" to search, Enter opens', async () => {
    await page.goto(`${env.s.url}/catalog?section=allproducts`);
    await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
    await page.getByTestId('product-card').first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { text: el?.textContent ?? '', testid: el?.dataset.testid, id: el?.dataset.id, label: el?.id };
      });
    let tabs = 0;
    for (; tabs < 5; tabs++) {
      await page.keyboard.press('Tab');
      if ((await focused()).text === 'Skip to content') break;
    }
    expect(tabs).toBeLessThan(5);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused()).testid).toBe('product-card');
    const ids = await page.getByTestId('product-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    expect(Number((await focused()).id)).toBe(ids[0]);
    const columns = await page.getByTestId('grid-row').first().getByTestId('grid-cell').count();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number((await focused()).id)).toBe(ids[1]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Number((await focused()).id)).toBe(ids[1 + columns]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Number((await focused()).id)).toBe(ids[columns]);
    // The grid is one Tab stop: it keeps the card last focused.
    expect(await page.locator('[data-testid="product-card"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('/');
    await expect.poll(async () => (await focused()).label).toBe('catalog-search');
    expect(await page.getByLabel('Name or SKU').inputValue()).toBe('');
    await page.keyboard.type('/');
    expect(await page.getByLabel('Name or SKU').inputValue()).toBe('/'); // typing in the box: "/" is a character
    // Issue 43: ↓ from the search box enters the results (it took 10 Tabs), ↑ on the first row comes
    // back; a card opened with Enter gets the focus again after Back, with the selection. The query
    // is a 4-letter word of a name with two letters swapped, which now finds it.
    const swapped = (w: string) => `${w[0]}${w[2]}${w[1]}${w.slice(3)}`.toLowerCase();
    const word = products
      .flatMap((p) => p.name.split(' '))
      .find((w) => /^[A-Za-z]{4}$/.test(w) && w[1] !== w[2] && oracle(swapped(w)).count >= 2)!;
    await search(swapped(word));
    const found = await page.getByTestId('product-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Number((await focused()).id)).toBe(found[0]);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await focused()).label).toBe('catalog-search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number((await focused()).id)).toBe(found[1]);
    await page.keyboard.press('x');
    await page.getByTestId('bulk-bar').getByText('1 selected').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${found[1]}**`);
    await page.goBack();
    await expect.poll(async () => Number((await focused()).id), { timeout: 15_000 }).toBe(found[1]);
    expect(await page.getByLabel('Name or SKU').inputValue()).toBe(swapped(word));
    await page.getByTestId('bulk-bar').getByText('1 selected').waitFor();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Name or SKU').fill('');
    await page.getByTestId('product-card').nth(columns).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${ids[columns]}**`);
  });

  it('the grid holds only the rows in view; End and Home scroll to the last and the first card, and scrolling brings rows in', async () => {
    await page.goto(`${env.s.url}/catalog?section=allproducts&size=big`);
    await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
    const rows = page.getByTestId('grid-row');
    await rows.first().waitFor();
    const columns = await rows.first().getByTestId('grid-cell').count();
    const allRows = Math.ceil(products.length / columns);
    expect(allRows).toBeGreaterThan(5); // the big thumbnails: more rows than the view holds
    expect(await rows.count()).toBeLessThan(allRows);
    // At the top, no row is rendered below the view (a keystroke renders only cards that can show);
    // scrolled, one row beyond each edge is (the next wheel step finds its cards there).
    const rowsBelowView = () =>
      rows.evaluateAll((els) => {
        const grid = els[0]!.closest('[data-testid="catalog-grid"]')!.getBoundingClientRect();
        return els.filter((r) => r.getBoundingClientRect().top >= grid.bottom).length;
      });
    expect(await rowsBelowView()).toBe(0);
    const newest = [...products].sort((a, b) => b.id - a.id);
    const focusedId = () => page.evaluate(() => Number((document.activeElement as HTMLElement | null)?.dataset.id));
    const inView = (id: number) =>
      page.locator(`[data-testid="product-card"][data-id="${id}"]`).evaluate((card) => {
        const grid = card.closest('[data-testid="catalog-grid"]')!.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return box.top >= grid.top && box.bottom <= grid.bottom;
      });
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0); // a first visit's loading popup holds the focus
    await page.getByTestId('product-card').first().focus();
    await page.keyboard.press('End');
    await expect.poll(focusedId).toBe(newest.at(-1)!.id);
    expect(await inView(newest.at(-1)!.id)).toBe(true);
    expect(await rows.count()).toBeLessThan(allRows);
    await page.keyboard.press('Home');
    await expect.poll(focusedId).toBe(newest[0]!.id);
    expect(await inView(newest[0]!.id)).toBe(true);
    // A scroll by the wheel renders the rows it reaches.
    await page.getByTestId('catalog-grid').hover();
    const middle = newest[Math.floor(allRows / 2) * columns]!.id;
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 200);
        return page.locator(`[data-testid="product-card"][data-id="${middle}"]`).count();
      })
      .toBe(1);
    await expect.poll(rowsBelowView).toBe(1);
  });

  it('at 1024 px no control is cut off, and the count stays on one line (issue 43)', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await page.goto(`${env.s.url}/catalog?section=allproducts`);
      await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
      await page.getByTestId('product-card').first().waitFor();
      expect(await clippedControls(page, 'main')).toEqual([]);
      // The size toggle keeps its names (read out) where its words are hidden.
      await page.getByRole('radio', { name: 'Big' }).waitFor();
      const lines = await page
        .getByTestId('catalog-count')
        .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines).toBe(1);
      await page.screenshot({ path: '/tmp/shots/layout-catalog-1024.png' });
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('exports the view (search and sort) to CSV, and the CSV import reads the file back, every row ready', async () => {
    // A collection whose products all have their dimensions (the manager may automate): the import flags none.
    const ok = (p: ProductRow) => !!(p.height && p.width && p.depth);
    const collection = [...new Set(products.map((p) => p.collection).filter(Boolean))].find(
      (c) => products.filter((p) => p.collection === c).length >= 2 && products.filter((p) => p.collection === c).every(ok),
    )!;
    expect(collection).toBeTruthy();
    await page.goto(`${env.s.url}/catalog?section=allproducts&sort=sku`);
    await expect.poll(count, { timeout: 30_000 }).toBe(products.length);
    await page.getByRole('dialog', { name: 'Loading' }).waitFor({ state: 'detached' });
    // Sorted by SKU: the count is the search's, the order the sort's (not the ranking's).
    const n = oracle(collection).count;
    await page.getByLabel('Name or SKU').fill(collection);
    await expect.poll(count, { timeout: 15_000 }).toBe(n);
    const shown = await page.getByTestId('product-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^acme-living-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const parsed = parseCsvText(text);
    expect(parsed.records).toHaveLength(n);
    // The rows in the grid's order (sorted by SKU), each with the server's fields.
    const bySku = new Map(products.map((p) => [p.sku, p]));
    expect(parsed.records.slice(0, shown.length).map((r) => bySku.get(r.sku!)!.id)).toEqual(shown);
    const skus = parsed.records.map((r) => r.sku!);
    expect(skus).toEqual([...skus].sort());
    for (const r of parsed.records) {
      const p = bySku.get(r.sku!)!;
      expect(r).toMatchObject({
        name: p.name,
        collection: p.collection,
        height: p.height,
        tags: p.tags.map((t) => t.name).join(', '),
      });
    }
    await page.locator('[data-sonner-toast]', { hasText: `Exported ${n} products` }).waitFor();

    await page.goto(`${env.s.url}/product/add`);
    await addProductsReady(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from a CSV file' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(text) });
    await dialog.getByText(`${n} rows read, all ready.`, { exact: false }).waitFor();
  });
});
