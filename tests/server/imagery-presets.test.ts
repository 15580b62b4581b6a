// Presets and layers of silo, vignette and 360 (document 3 §3, §5, §7): shapes field by field, the
// defaults, partial edits with the 409 round trip, delete, and bad input (ranges, sizes, unknown ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { BIG, SECTIONS, expectLayer, expectPreset, expectRefused, world, type Section, type World } from './imagery.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const path = (section: Section, what: 'show' | 'store' | 'edit' | 'delete' | 'images') =>
  ({
    show: `/gets/product/automation/${section}/config/show`,
    images: `/gets/product/automation/${section}/images/show`,
    store: `/posts/product/automation/${section}/config/store`,
    edit: `/puts/product/automation/${section}/config/edit`,
    delete: `/deletes/product/automation/${section}/config/delete`,
  })[what];
const ids = () => ({ id_product: w.acmeProduct, id_customer: w.acme });
const show = (section: Section, token = w.tok.acme) => call(s, 'GET', path(section, 'show'), { token, query: ids() });
const store = (section: Section, body: Record<string, unknown>, token = w.tok.acme) =>
  call(s, 'POST', path(section, 'store'), { token, body: { ...ids(), ...body } });
const edit = (section: Section, body: Record<string, unknown>, token = w.tok.acme) =>
  call(s, 'PUT', path(section, 'edit'), { token, body: { ...ids(), ...body } });

describe.each(SECTIONS)('%s presets', (section) => {
  it('lists the seeded presets, oldest first, field by field', async () => {
    const r = await show(section, w.tok.viewer);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['product_config_' + section, 'success'].sort());
    const list = r.body[`product_config_${section}`] as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(1);
    for (const p of list) {
      expectPreset(p, section);
      expect(p.id_product).toBe(w.acmeProduct);
    }
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id as number)].sort((a, b) => a - b));
    expect(r.headers.get('etag')).toMatch(/^W\//);
  });

  it("answers the studio's layers (one view for silo and vignette, 48 angles for 360)", async () => {
    const r = await call(s, 'GET', path(section, 'images'), { token: w.tok.viewer, query: ids() });
    expect(r.status).toBe(200);
    const layers = r.body.images_automation as Record<string, unknown>[];
    layers.forEach(expectLayer);
    expect(layers.map((l) => l.angle)).toEqual(
      section === '360' ? Array.from({ length: 48 }, (_, i) => Math.round(i * 7.5)) : [0],
    );
    // Every layer file and its thumbnail is stored: of a 360's 48 views (drawn on first read, a cold cache
    // in CI), every sixth, the rows of the others named alike.
    for (const l of layers.filter((_, i) => i % 6 === 0)) {
      for (const f of ['beauty', 'shadow', 'reflection']) {
        const res = await fetch(`${s.url}/storage/${l[f] as string}`);
        expect(res.status, `${l[f]}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect((await fetch(`${s.url}/storage/${(l[f] as string).replace(/\.png$/, '_thumb.png')}`)).status).toBe(200);
      }
    }
  });

  it('stores a new preset with the defaults of §3, answering id_product_config and the row', async () => {
    const r = await store(section, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Preset created successfully' });
    expectPreset(r.body.preset, section);
    expect(r.body.id_product_config).toBe(r.body.preset.id);
    expect(r.body.preset).toMatchObject({
      hasShadow: 1,
      shadow: 35,
      hasReflection: 1,
      reflection: 10,
      saturation: 100,
      brightness: 100,
      image_scale: 0,
      image_offset_x: 0,
      image_offset_y: 0,
      version: 1,
    });
    if (section === 'vignette') {
      const bgs = await call(s, 'GET', '/gets/product/automation/vignette/backgrounds/show', {
        token: w.tok.viewer,
        query: ids(),
      });
      expect(r.body.preset.background).toBe(bgs.body.backgrounds[0]);
    } else {
      expect(r.body.preset.background).toBe('#ffffff');
    }
    const listed = (await show(section)).body[`product_config_${section}`] as { id: number }[];
    expect(listed.at(-1)).toEqual(r.body.preset);
  });

  it('stores every field as sent (plain numbers, lower-case colour)', async () => {
    const fields = {
      background: '#FFEC5C',
      hasShadow: 0,
      shadow: 55.5,
      hasReflection: 1,
      reflection: 80,
      saturation: 0,
      brightness: 200,
      image_scale: section === 'vignette' ? -1 : 1,
      image_offset_x: -1,
      image_offset_y: 0.25,
      ...(section === 'vignette' && { bg_scale: 1, bg_offset_x: -0.5, bg_offset_y: 0.01 }),
    };
    const r = await store(section, fields);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.preset).toMatchObject({ ...fields, background: '#ffec5c' });
  });

  it('edits only the fields sent, moving version and updated_at; 409 with the current row when stale', async () => {
    const created = (await store(section, { shadow: 20 })).body.preset;
    const mine = await edit(section, { id_product_config: created.id, reflection: 42, updated_at: created.updated_at });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ success: true, id_product_config: created.id, message: 'Preset updated successfully' });
    expectPreset(mine.body.preset, section);
    expect(mine.body.preset).toMatchObject({ ...created, reflection: 42, version: 2, updated_at: mine.body.preset.updated_at });
    expect(Date.parse(mine.body.preset.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));

    // Someone edits on the old version: refused with the current preset, nothing written.
    const stale = await edit(
      section,
      { id_product_config: created.id, reflection: 7, updated_at: created.updated_at },
      w.tok.staff,
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, message: 'This preset was changed by someone else.' });
    expect(stale.body.preset).toEqual(mine.body.preset);
    const fresh = await edit(
      section,
      { id_product_config: created.id, reflection: 7, updated_at: stale.body.preset.updated_at },
      w.tok.staff,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.preset).toMatchObject({ reflection: 7, shadow: 20, version: 3 });
    // Without updated_at the edit always applies (the specs' client never sends it).
    expect((await edit(section, { id_product_config: created.id, shadow: 1 })).body.preset.version).toBe(4);
  });

  it('deletes a preset; a second delete and an edit of it are 404', async () => {
    const created = (await store(section, {})).body.preset;
    const q = { id_product_config: created.id, ...ids() };
    const r = await call(s, 'DELETE', path(section, 'delete'), { token: w.tok.acme, query: q });
    expect(r.body).toEqual({ success: true, message: 'Preset deleted successfully' });
    expect(((await show(section)).body[`product_config_${section}`] as { id: number }[]).map((p) => p.id)).not.toContain(
      created.id,
    );
    expectRefused(await call(s, 'DELETE', path(section, 'delete'), { token: w.tok.acme, query: q }), [404]);
    expectRefused(await edit(section, { id_product_config: created.id, shadow: 3 }), [404]);
  });

  it('refuses a preset of another section or product as unknown (404), leaving it alone', async () => {
    const other = SECTIONS.find((x) => x !== section)!;
    const foreign = (await store(other, {})).body.preset;
    expectRefused(await edit(section, { id_product_config: foreign.id, shadow: 3 }), [404]);
    const ownOther = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1002'"))!.id;
    const theirs = (await store(section, { id_product: ownOther })).body.preset;
    expectRefused(await edit(section, { id_product_config: theirs.id, shadow: 3 }), [404]);
    expectRefused(
      await call(s, 'DELETE', path(section, 'delete'), { token: w.tok.acme, query: { id_product_config: theirs.id, ...ids() } }),
      [404],
    );
    expectRefused(await edit(section, { id_product_config: 99_999_999, shadow: 3 }), [404]);
    const still = await s.db.one<{ shadow: number }>('SELECT shadow FROM product_presets WHERE id = $1', [theirs.id]);
    expect(still!.shadow).toBe(35);
  });

  describe('bad input: 422, nothing stored', () => {
    const scaleMin = section === 'vignette' ? -1 : 0;
    const bad: [string, Record<string, unknown>][] = [
      ['shadow 101', { shadow: 101 }],
      ['shadow -1', { shadow: -1 }],
      ['reflection 100.01', { reflection: 100.01 }],
      ['saturation 201', { saturation: 201 }],
      ['brightness -0.1', { brightness: -0.1 }],
      [`image_scale below ${scaleMin}`, { image_scale: scaleMin - 0.01 }],
      ['image_scale 1.01', { image_scale: 1.01 }],
      ['image_offset_x 2', { image_offset_x: 2 }],
      ['image_offset_y -1.5', { image_offset_y: -1.5 }],
      ['hasShadow 2', { hasShadow: 2 }],
      ['hasReflection true-ish text', { hasReflection: 'yes' }],
      ['shadow with a % sign', { shadow: '35%' }],
      ['shadow Infinity', { shadow: 'Infinity' }],
      ['shadow an object', { shadow: { v: 1 } }],
      ['background 100 kB', { background: BIG }],
      ['background empty', { background: '' }],
      ['background a word', { background: 'blue' }],
      ['background a CSS expression', { background: 'url(javascript:alert(1))' }],
      ['background #12345', { background: '#12345' }],
      ['background a path', { background: '../../etc/passwd' }],
      ['id_product text', { id_product: 'one' }],
      ['id_customer a word', { id_customer: 'acme' }],
      ...(section === 'vignette'
        ? ([
            ['bg_scale 1.5', { bg_scale: 1.5 }],
            ['bg_offset_y -2', { bg_offset_y: -2 }],
            ['a picture not in the list', { background: 'automation/backgrounds/nope.jpg' }],
          ] as [string, Record<string, unknown>][])
        : []),
    ];
    it.each(bad)('refuses %s on store and on edit', async (_what, body) => {
      const before = (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM product_presets'))!.n;
      const r = await store(section, body);
      expectRefused(r, [422]);
      expect(r.body.errors).toBeTypeOf('object');
      const target = (await s.db.one<{ id: number; v: number }>(
        'SELECT id, version AS v FROM product_presets WHERE product_id = $1 AND section = $2 ORDER BY id LIMIT 1',
        [w.acmeProduct, section],
      ))!;
      expectRefused(await edit(section, { id_product_config: target.id, ...body }), [422]);
      expect((await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM product_presets'))!.n).toBe(before);
      expect((await s.db.one<{ v: number }>('SELECT version AS v FROM product_presets WHERE id = $1', [target.id]))!.v).toBe(
        target.v,
      );
    });

    it('refuses an updated_at that is not a date, or 100 kB of it', async () => {
      const target = (await store(section, {})).body.preset;
      expectRefused(await edit(section, { id_product_config: target.id, updated_at: 'yesterday' }), [422]);
      expectRefused(await edit(section, { id_product_config: target.id, updated_at: BIG }), [422]);
    });

    it('refuses a missing or unknown id_product_config', async () => {
      expectRefused(await edit(section, { shadow: 3 }), [422]);
      expectRefused(await edit(section, { id_product_config: 0, shadow: 3 }), [422]);
      expectRefused(
        await call(s, 'DELETE', path(section, 'delete'), { token: w.tok.acme, query: { id_product_config: 'x', ...ids() } }),
        [422],
      );
    });
  });

  it(`caps a product at 50 ${section} presets`, async () => {
    const product = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1003'"))!.id;
    const n = (await s.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_presets WHERE product_id = $1 AND section = $2',
      [product, section],
    ))!.n;
    await s.db.query(
      `INSERT INTO product_presets (product_id, section, background, has_shadow, shadow, has_reflection, reflection, saturation, brightness,
         image_scale, image_offset_x, image_offset_y) SELECT $1, $2, '#ffffff', 1, 35, 1, 10, 100, 100, 0, 0, 0 FROM generate_series(1, $3)`,
      [product, section, 49 - n],
    );
    expect((await store(section, { id_product: product })).status).toBe(200);
    const r = await store(section, { id_product: product });
    expectRefused(r, [422]);
    expect(r.body.message).toBe(`A product may have at most 50 ${section} presets.`);
  });
});

// Issue 43: a preset's name (Preset {number}) was its place in the list, so deleting Preset 1 renamed Preset 2.
it('keeps each preset the number it was made with: deleting Preset 1 leaves Preset 2 its number', async () => {
  const product = (await s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
  const q = { id_product: product, id_customer: w.acme };
  const list = async () =>
    (
      (await call(s, 'GET', path('silo', 'show'), { token: w.tok.acme, query: q })).body.product_config_silo as {
        id: number;
        number: number;
      }[]
    ).map((p) => [p.id, p.number]);
  const seeded = await list();
  expect(seeded.map(([, n]) => n)).toEqual([1, 2]); // the seed's, as migration 020 numbers existing rows
  const made = (await store('silo', { id_product: product })).body.preset;
  expect(made.number).toBe(3);
  const [first, second] = seeded as [number[], number[]];
  const removed = await call(s, 'DELETE', path('silo', 'delete'), {
    token: w.tok.acme,
    query: { ...q, id_product_config: first[0] },
  });
  expect(removed.status).toBe(200);
  expect(await list()).toEqual([second, [made.id, 3]]);
  // An edit keeps it; the next new one follows the highest, never a freed number in the middle.
  const edited = await edit('silo', { id_product: product, id_product_config: second[0], shadow: 12 });
  expect(edited.body.preset.number).toBe(2);
  expect((await store('silo', { id_product: product })).body.preset.number).toBe(4);
});

describe('vignette backgrounds', () => {
  it("lists the product's pictures; a preset may use one of them", async () => {
    const r = await call(s, 'GET', '/gets/product/automation/vignette/backgrounds/show', { token: w.tok.viewer, query: ids() });
    expect(Object.keys(r.body).sort()).toEqual(['backgrounds', 'success']);
    expect(r.body.backgrounds.length).toBe(6);
    for (const b of r.body.backgrounds) expect(b).toMatch(/^automation\/backgrounds\/[0-9a-f-]{36}\.jpg$/);
    const saved = await store('vignette', { background: r.body.backgrounds[3] });
    expect(saved.body.preset.background).toBe(r.body.backgrounds[3]);
    expect((await store('vignette', { background: 'none' })).body.preset.background).toBe('none');
  });

  it("refuses another product's picture", async () => {
    await s.db.query("INSERT INTO product_backgrounds (product_id, path) VALUES ($1, 'automation/backgrounds/only-theirs.jpg')", [
      w.borProduct,
    ]);
    expectRefused(await store('vignette', { background: 'automation/backgrounds/only-theirs.jpg' }), [422]);
  });
});
