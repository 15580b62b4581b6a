// Document 1 §7 retailers: anyone signed in reads them, staff add, edit and delete them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  for (const email of [DEMO.staff, DEMO.acme, DEMO.viewer, DEMO.borealis]) tokens[email] = await s.tokenFor(email);
});
afterAll(async () => {
  await s.close();
});

const LIST = '/gets/retailer/list';
const ADD = '/posts/retailer/add';
const EDIT = '/puts/retailer/edit';
const DELETE = '/deletes/retailer/delete';

const valid = {
  retailer: 'IKEA',
  file_type: 'jpg',
  height: 2400,
  width: 1800,
  dpi: 300,
  color_depth: 24,
  file_size: 2.5,
  images_per_row: 24,
  file_name: 'IKEA_<note>_<frame_num3>.<ext>',
};
const FIELDS = [
  'color_depth',
  'dpi',
  'file_name',
  'file_size',
  'file_type',
  'height',
  'id',
  'images_per_row',
  'no_upscale',
  'retailer',
  'width',
];

const as = (who: string, method: string, path: string, body?: unknown) => call(s, method, path, { token: tokens[who], body });
const count = async () => (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM retailers'))!.n;

function expectRefusal(r: { status: number; body: unknown }, status: number) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ success: false, message: expect.any(String) });
}

describe('GET /gets/retailer/list', () => {
  it('lists every retailer, field by field, for any signed-in user', async () => {
    const r = await as(DEMO.viewer, 'GET', LIST);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'success']);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toHaveLength(5);
    for (const row of r.body.data) expect(Object.keys(row).sort()).toEqual(FIELDS);
    expect(r.body.data.find((x: { retailer: string }) => x.retailer === 'Wayfair')).toEqual({
      id: expect.any(Number),
      retailer: 'Wayfair',
      file_type: 'jpg',
      height: 1600,
      width: 1600,
      dpi: 72,
      color_depth: 24,
      file_size: 5,
      images_per_row: 48,
      file_name: '<note>_<frame_num2>.<ext>',
      no_upscale: false,
    });
    expect((await as(DEMO.borealis, 'GET', LIST)).body).toEqual(r.body);
  });

  it('needs a token', async () => {
    expectRefusal(await call(s, 'GET', LIST), 401);
  });
});

describe('staff manage retailers', () => {
  it('adds, edits and deletes a retailer', async () => {
    const added = await as(DEMO.staff, 'POST', ADD, valid);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    const id = added.body.data.id;
    const listed = (await as(DEMO.acme, 'GET', LIST)).body.data.find((x: { id: number }) => x.id === id);
    // no_upscale (issue 27) left out: allowed.
    expect(listed).toEqual({ id, ...valid, no_upscale: false });

    const changed = {
      ...valid,
      id,
      retailer: 'IKEA EU',
      file_type: 'png',
      file_size: 0.75,
      images_per_row: 12,
      color_depth: 48,
      file_name: 'x_<frame_num4>.<ext>',
      no_upscale: true,
    };
    const edited = await as(DEMO.staff, 'PUT', EDIT, changed);
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ success: true, data: changed });
    expect((await as(DEMO.acme, 'GET', LIST)).body.data.find((x: { id: number }) => x.id === id)).toEqual(changed);
    // An edit that leaves it out keeps it; one that sends it sets it.
    const { no_upscale: _kept, ...older } = changed;
    expect((await as(DEMO.staff, 'PUT', EDIT, older)).body.data.no_upscale).toBe(true);
    expect((await as(DEMO.staff, 'PUT', EDIT, { ...changed, no_upscale: false })).body.data.no_upscale).toBe(false);
    expectRefusal(await as(DEMO.staff, 'PUT', EDIT, { ...changed, no_upscale: 'yes' }), 422);

    const deleted = await as(DEMO.staff, 'DELETE', DELETE, { id });
    expect(deleted.body).toEqual({ success: true, message: 'Retailer Deleted!' });
    expect((await as(DEMO.acme, 'GET', LIST)).body.data.map((x: { id: number }) => x.id)).not.toContain(id);
    expectRefusal(await as(DEMO.staff, 'DELETE', DELETE, { id }), 404);
  });

  it('trims the name', async () => {
    const r = await as(DEMO.staff, 'POST', ADD, { ...valid, retailer: '  Spaced  ' });
    const row = await s.db.one<{ retailer: string }>('SELECT retailer FROM retailers WHERE id = $1', [r.body.data.id]);
    expect(row!.retailer).toBe('Spaced');
  });

  it('answers an unknown id with 404', async () => {
    const before = await count();
    expectRefusal(await as(DEMO.staff, 'PUT', EDIT, { ...valid, id: 2147483647 }), 404);
    expectRefusal(await as(DEMO.staff, 'DELETE', DELETE, { id: 2147483647 }), 404);
    expect(await count()).toBe(before);
  });
});

describe('only staff change retailers', () => {
  it.each([DEMO.acme, DEMO.viewer, DEMO.borealis])('%s -> 403 on add, edit and delete, nothing changed', async (who) => {
    const before = await s.db.query('SELECT * FROM retailers ORDER BY id');
    const id = (before[0] as { id: number }).id;
    expectRefusal(await as(who, 'POST', ADD, valid), 403);
    expectRefusal(await as(who, 'PUT', EDIT, { ...valid, id }), 403);
    expectRefusal(await as(who, 'DELETE', DELETE, { id }), 403);
    expect(await s.db.query('SELECT * FROM retailers ORDER BY id')).toEqual(before);
  });

  it('refuses callers without a token with 401', async () => {
    expectRefusal(await call(s, 'POST', ADD, { body: valid }), 401);
    expectRefusal(await call(s, 'DELETE', DELETE, { body: { id: 1 } }), 401);
  });
});

describe('bad input', () => {
  const big = 'x'.repeat(100 * 1024);
  const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
  const cases: [string, Record<string, unknown>, string][] = [
    ...Object.keys(valid).map((f) => [`missing ${f}`, without(f), f] as [string, Record<string, unknown>, string]),
    ['empty name', { ...valid, retailer: '' }, 'retailer'],
    ['blank name', { ...valid, retailer: '   ' }, 'retailer'],
    ['100 kB name', { ...valid, retailer: big }, 'retailer'],
    ['100 kB file name', { ...valid, file_name: big }, 'file_name'],
    ['file type with a dot', { ...valid, file_type: '.png' }, 'file_type'],
    ['file type gif', { ...valid, file_type: 'gif' }, 'file_type'],
    ['height 0', { ...valid, height: 0 }, 'height'],
    ['width 20001', { ...valid, width: 20001 }, 'width'],
    ['text height', { ...valid, height: 'tall' }, 'height'],
    ['fractional width', { ...valid, width: 10.5 }, 'width'],
    ['dpi 2401', { ...valid, dpi: 2401 }, 'dpi'],
    ['dpi 0', { ...valid, dpi: 0 }, 'dpi'],
    ['color depth 12', { ...valid, color_depth: 12 }, 'color_depth'],
    ['file size 0', { ...valid, file_size: 0 }, 'file_size'],
    ['file size 501', { ...valid, file_size: 501 }, 'file_size'],
    ['text file size', { ...valid, file_size: 'big' }, 'file_size'],
    ['images per row 36', { ...valid, images_per_row: 36 }, 'images_per_row'],
    ['unknown token', { ...valid, file_name: '<sku>_<frame_num2>.<ext>' }, 'file_name'],
    ['half a token', { ...valid, file_name: 'a<note' }, 'file_name'],
    ['slash in file name', { ...valid, file_name: '../<note>.<ext>' }, 'file_name'],
    ['backslash in file name', { ...valid, file_name: 'a\\b.<ext>' }, 'file_name'],
  ];
  it.each(cases)('add: %s -> 422 naming the field', async (_n, body, field) => {
    const before = await count();
    const r = await as(DEMO.staff, 'POST', ADD, body);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(r.body.errors[field].length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
  });

  it.each(cases)('edit: %s -> 422 naming the field, row unchanged', async (_n, body, field) => {
    const row = await s.db.one<{ id: number }>('SELECT * FROM retailers ORDER BY id LIMIT 1');
    const r = await as(DEMO.staff, 'PUT', EDIT, { ...body, id: row!.id });
    expect(r.status).toBe(422);
    expect(r.body.errors[field].length).toBeGreaterThan(0);
    expect(await s.db.one('SELECT * FROM retailers WHERE id = $1', [row!.id])).toEqual(row);
  });

  it.each([
    ['missing id', {}],
    ['text id', { id: 'one' }],
    ['zero id', { id: 0 }],
    ['id beyond int4', { id: 2 ** 31 }],
  ])('delete: %s -> 422', async (_n, body) => {
    const r = await as(DEMO.staff, 'DELETE', DELETE, body);
    expect(r.status).toBe(422);
    expect(r.body.errors.id.length).toBeGreaterThan(0);
  });

  it('edit: a missing id -> 422', async () => {
    const r = await as(DEMO.staff, 'PUT', EDIT, valid);
    expect(r.status).toBe(422);
    expect(r.body.errors.id).toEqual(['The id field is required.']);
  });

  it('a body that is not an object -> 4xx', async () => {
    for (const body of [[], 'text', 42]) {
      const r = await as(DEMO.staff, 'POST', ADD, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.success).toBe(false);
    }
  });
});
