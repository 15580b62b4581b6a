// Every rule of the contract on both sides: the inputs made from each rule table (tests/support/
// rule-cases.ts) are refused by the portal's check and by the real server with the same words, and
// the boundaries pass both. Products (store and edit), information blocks, tags, the three preset
// sections, templates (add and edit) and their ambient and tag names; the file checks are in
// contract-files.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstError, tableErrors } from '../../src/api/contract/rules/check.ts';
import { presetErrors, presetRules, PRESET_SECTIONS } from '../../src/api/contract/rules/preset.ts';
import { descriptionRules, productFieldErrors, productRules, productTagRules } from '../../src/api/contract/rules/product.ts';
import { templateFieldErrors, templateNameRules, templateRules } from '../../src/api/contract/rules/template.ts';
import { call, form } from '../support/http.ts';
import { png } from '../support/image-bytes.ts';
import { acceptedAlike, breaking, passing, refusedAlike, rows, tableCases, type Case } from '../support/rule-cases.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ids, newProduct, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
let backgrounds: string[];
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
  const r = await call(s, 'GET', '/gets/product/automation/vignette/backgrounds/show', {
    token: w.tok.acme,
    query: { id_product: w.acmeProduct, id_customer: w.acme },
  });
  backgrounds = r.body.backgrounds;
});
afterAll(async () => {
  await s.close();
});

describe('product fields (store and edit)', () => {
  const base = { name: 'Valid', sku: 'VALID-1', height: '1', width: '2', depth: '3' };
  const store = (body: Record<string, unknown>) =>
    call(s, 'POST', '/posts/product/store', { token: w.tok.acme, body: { id_customer: w.acme, ...body } });
  let productId: number;
  beforeAll(async () => {
    productId = (await newProduct(s, w.tok.acme, w.acme, base)).id;
  });
  const edit = (body: Record<string, unknown>) =>
    call(s, 'PUT', '/puts/product/edit', { token: w.tok.acme, body: { id_product: productId, ...body } });

  it.each(rows(tableCases(productRules, breaking)))('refused alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    const form = productFieldErrors(input);
    refusedAlike(await store(input), form, c.field);
    refusedAlike(await edit({ [c.field]: c.value }), form, c.field);
  });

  it.each(rows(tableCases(productRules, passing)))('taken alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    acceptedAlike(await store(input), productFieldErrors(input));
  });

  it('the rules across fields: a name or a SKU, the dimensions with automation on', async () => {
    for (const input of [
      { name: ' ', sku: '' },
      { ...base, automation_system: 1, width: '' },
      { automation_system: 1, height: '-2' },
    ]) {
      const form = productFieldErrors(input);
      const r = await store(input);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ success: false, message: firstError(form), errors: form });
    }
  });
});

describe('information blocks and tags', () => {
  it.each(rows(tableCases(descriptionRules, breaking)))('a block, refused alike: %s', async (_, c) => {
    const input = { title: 'Title', notes: 'Notes', [c.field]: c.value };
    const r = await call(s, 'POST', '/posts/product/description/store', {
      token: w.tok.acme,
      body: { id_product: w.acmeProduct, id_customer: w.acme, ...input },
    });
    refusedAlike(r, tableErrors(descriptionRules, input), c.field);
  });

  it.each(rows(tableCases(productTagRules, breaking)))('a tag, refused alike: %s', async (_, c) => {
    const r = await call(s, 'POST', '/posts/tag/store', { token: w.tok.acme, body: { id_customer: w.acme, [c.field]: c.value } });
    refusedAlike(r, tableErrors(productTagRules, { [c.field]: c.value }), c.field);
  });

  it('the longest block and tag are taken alike', async () => {
    const block = { title: 'x'.repeat(descriptionRules.title.max), notes: 'y'.repeat(descriptionRules.notes.max) };
    const r = await call(s, 'POST', '/posts/product/description/store', {
      token: w.tok.acme,
      body: { id_product: w.acmeProduct, id_customer: w.acme, ...block },
    });
    acceptedAlike(r, tableErrors(descriptionRules, block));
    const tag = { name: 't'.repeat(productTagRules.name.max) };
    acceptedAlike(
      await call(s, 'POST', '/posts/tag/store', { token: w.tok.acme, body: { id_customer: w.acme, ...tag } }),
      tableErrors(productTagRules, tag),
    );
  });
});

/** The sections whose accepted values are stored in their own test (360's are silo's). */
const TAKEN_ON_ITS_OWN = new Set<string>(PRESET_SECTIONS.filter((section) => section !== '360'));

describe.each(PRESET_SECTIONS.map((section) => [section] as const))('%s preset fields', (section) => {
  const store = (body: Record<string, unknown>) =>
    call(s, 'POST', `/posts/product/automation/${section}/config/store`, {
      token: w.tok.acme,
      body: { id_product: w.acmeProduct, id_customer: w.acme, ...body },
    });
  const extra: Case[] = [
    { field: 'background', value: 'red', why: 'not a colour' },
    { field: 'background', value: 'automation/backgrounds/nope.jpg', why: 'a picture not among the product’s' },
  ];

  it.each(rows([...tableCases(presetRules[section], breaking), ...extra]))('refused alike: %s', async (_, c) => {
    refusedAlike(await store({ [c.field]: c.value }), presetErrors(section, { [c.field]: c.value }, backgrounds), c.field);
  });

  // 360 shares silo's table; its saves also start renders, so its boundaries are taken on silo's
  // (360 is not in the list of sections whose values are stored here: nothing is skipped).
  if (!TAKEN_ON_ITS_OWN.has(section)) return;

  it.each(rows(tableCases(presetRules[section], passing).filter((c) => c.field !== 'background')))(
    'taken alike: %s',
    async (_, c) => {
      acceptedAlike(await store({ [c.field]: c.value }), presetErrors(section, { [c.field]: c.value }, backgrounds));
    },
  );

  it('a background: a colour, none, or (vignette) one of the product’s pictures', async () => {
    for (const background of ['#ffffff', '#abc', 'none', ...(section === 'vignette' ? [backgrounds[0]!] : [])]) {
      acceptedAlike(await store({ background }), presetErrors(section, { background }, backgrounds));
    }
  });
});

describe('templates (add and edit) and the names of ambients and tags', () => {
  const base = { name: 'Valid Room', note: '', public: 1, id_customer: 0 };
  beforeAll(() => {
    base.id_customer = w.acme;
  });
  let templateId: number;
  beforeAll(async () => {
    templateId = (await s.db.one<{ id: number }>('SELECT id FROM templates ORDER BY id LIMIT 1'))!.id;
  });
  const edit = (body: Record<string, unknown>) =>
    call(s, 'POST', '/template/edit', { token: w.tok.staff, body: { id: templateId, ...base, ...body } });
  const blank: Case = { field: 'name', value: '   ', why: 'spaces alone' };

  it.each(rows([...tableCases(templateRules, breaking), blank]))('refused alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    refusedAlike(await edit(input), templateFieldErrors(input), c.field);
  });

  it.each(rows(tableCases(templateRules, passing)))('taken alike: %s', async (_, c) => {
    const input = { ...base, [c.field]: c.value };
    acceptedAlike(await edit(input), templateFieldErrors(input));
  });

  it('add (multipart): a blank name, and a private template without its client, refused alike', async () => {
    for (const input of [
      { ...base, name: '  ' },
      { name: 'Private Room', note: '', public: 0 },
    ]) {
      const fields = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
      const r = await call(s, 'POST', '/template/add', {
        token: w.tok.staff,
        form: form(fields, { image: { name: 'room.png', bytes: png(4, 4) } }),
      });
      const expected = templateFieldErrors(input);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ success: false, message: firstError(expected), errors: expected });
    }
  });

  it.each(rows([...tableCases(templateNameRules, breaking), blank]))(
    'an ambient or tag name, refused alike: %s',
    async (_, c) => {
      for (const path of ['/template/ambient/add', '/template/tag/add']) {
        refusedAlike(
          await call(s, 'POST', path, { token: w.tok.staff, body: { [c.field]: c.value } }),
          tableErrors(templateNameRules, { [c.field]: c.value }),
          c.field,
        );
      }
    },
  );
});
