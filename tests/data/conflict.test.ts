// Issue 43, data a person loses, against the real server with two sessions (this device's queued
// edits, and a colleague's edits through the API with a token of their own): a 409 is settled by a
// three-way merge against the version the edit was based on (my fields on top of theirs, their other
// fields kept, a field both changed waits for a pick), never by sending my values again as they
// were; and a change of a product someone else deleted says so and offers Register it again, not Fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCodes, productWords } from '../../src/api/contract/rules/product.ts';
import { groupActions } from '../../src/data/local/actions.ts';
import { db } from '../../src/data/local/db.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { RuleError } from '../../src/data/local/rule-error.ts';
import { deletedProductValues, refusedProductStep } from '../../src/data/catalog/outbox-fix.ts';
import { deleteProduct, saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { conflictView, keepMine, takeTheirs } from '../../src/data/outbox/conflict.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { startSync, syncNow } from '../../src/data/sync/sync.ts';
import { call, DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let colleague: string;
let stop: () => void;
let pool: number[] = [];
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  colleague = await h.s.tokenFor(DEMO.acme);
  stop = startSync({ customerId: h.cid });
  await syncNow(h.cid, true);
  pool = (await companyProducts(h.cid)).map((p) => p.id).sort((a, b) => b - a);
});
afterAll(async () => {
  stop?.();
  await h?.s.close();
});

/** The colleague's online edit (another session). */
const theyEdit = async (id: number, fields: Record<string, string>) =>
  expect((await call(h.s, 'PUT', '/puts/product/edit', { token: colleague, body: { id_product: id, ...fields } })).status).toBe(200);
const onServer = (id: number) =>
  h.s.db.one<{ name: string; collection: string; finish: string; note: string }>('SELECT name, collection, finish, note FROM products WHERE id = $1', [id]);
/** My edit made offline, the colleague's online, then back: the outbox meets the 409. */
async function conflictOf(mine: Parameters<typeof saveProductInfo>[2], theirs: Record<string, string>) {
  const id = pool.shift()!;
  h.net.offline = true;
  await saveProductInfo(h.cid, id, mine, newActionId());
  await theyEdit(id, theirs);
  h.net.offline = false;
  const left = await settle();
  const entry = left.find((e) => e.state === 'conflict')!;
  expect(entry).toBeDefined();
  return { id, entry, left };
}
/** The Idempotency-Key of every Info edit this device sends from now on. */
function editKeys(): string[] {
  const keys: string[] = [];
  h.net.chooser = (c) => {
    if (c.url?.endsWith('/puts/product/edit')) keys.push(String(c.headers['Idempotency-Key'] ?? c.headers['idempotency-key']));
    return undefined;
  };
  return keys;
}

describe('a conflict is a three-way merge', () => {
  it('keeps mine on top of theirs: my field sent, their other field kept, one new key', async () => {
    const { id, entry } = await conflictOf({ fields: { collection: 'Mine offline' } }, { name: 'Theirs online' });
    expect(groupActions([entry])[0]).toMatchObject({ state: 'conflict', retryable: false, conflictStep: entry.id });
    expect(conflictView(entry)!.fields.map((f) => [f.key, f.changed, f.mine, f.theirs])).toEqual([
      ['name', 'theirs', expect.any(String), 'Theirs online'],
      ['collection', 'mine', 'Mine offline', expect.anything()],
    ]);
    const keys = editKeys();
    expect(await keepMine(entry.id!, {}, 'keep-mine-1.0')).toBe('sent');
    // At once, offline too: the product shows both changes.
    expect(await productRow(id)).toMatchObject({ name: 'Theirs online', collection: 'Mine offline' });
    expect(await settle()).toEqual([]);
    h.net.chooser = () => undefined;
    expect(keys).toEqual(['keep-mine-1.0']);
    expect(await onServer(id)).toMatchObject({ name: 'Theirs online', collection: 'Mine offline' });
    // A second press of the same choice finds nothing left to settle.
    expect(await keepMine(entry.id!, {}, 'keep-mine-1.0')).toBe('gone');
  });

  it('a field both changed needs a pick: refused without one; theirs picked keeps theirs and sends the rest of mine', async () => {
    const { id, entry } = await conflictOf({ fields: { finish: 'My finish', collection: 'My collection' } }, { finish: 'Their finish', note: 'Their note' });
    const fields = conflictView(entry)!.fields;
    expect(fields.find((f) => f.key === 'finish')).toMatchObject({ changed: 'both', mine: 'My finish', theirs: 'Their finish' });
    expect(fields.find((f) => f.key === 'note')).toMatchObject({ changed: 'theirs', theirs: 'Their note' });
    await expect(keepMine(entry.id!, {}, newActionId())).rejects.toThrow(RuleError);
    expect((await db().outbox.get(entry.id!))!.state).toBe('conflict');
    expect(await keepMine(entry.id!, { finish: 'theirs' }, newActionId())).toBe('sent');
    expect(await settle()).toEqual([]);
    expect(await onServer(id)).toMatchObject({ finish: 'Their finish', collection: 'My collection', note: 'Their note' });
  });

  it('mine picked for a field both changed is sent on top; their version moving again asks again', async () => {
    const { id, entry } = await conflictOf({ fields: { finish: 'Mine again' } }, { finish: 'Theirs first' });
    // The colleague changes the same field again while I choose: nothing is sent on a version I did not see.
    await theyEdit(id, { finish: 'Theirs second' });
    expect(await keepMine(entry.id!, { finish: 'mine' }, newActionId())).toBe('changed');
    const now = conflictView(await db().outbox.get(entry.id!))!;
    expect(now.fields.find((f) => f.key === 'finish')).toMatchObject({ theirs: 'Theirs second' });
    expect((await onServer(id))!.finish).toBe('Theirs second');
    expect(await keepMine(entry.id!, { finish: 'mine' }, newActionId())).toBe('sent');
    expect(await settle()).toEqual([]);
    expect((await onServer(id))!.finish).toBe('Mine again');
  });

  it('take theirs sends nothing of the edit, shows their row, and lets the rest of the save go on', async () => {
    const { id, entry, left } = await conflictOf({ fields: { name: 'Mine dropped' }, addTags: ['kept-with-theirs'] }, { name: 'Theirs kept' });
    expect(left.length).toBeGreaterThan(1);
    expect(await takeTheirs(entry.id!)).toBe('sent');
    expect((await productRow(id))!.name).toBe('Theirs kept');
    expect(await settle()).toEqual([]);
    expect((await onServer(id))!.name).toBe('Theirs kept');
    const tags = await h.s.db.query<{ name: string }>('SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1', [id]);
    expect(tags.map((t) => t.name)).toContain('kept-with-theirs');
  });
  it('an edit based on the version its form opened with meets their change, even when a pull brought it in meanwhile', async () => {
    const id = pool.shift()!;
    const opened = (await productRow(id))!;
    const from = { updated_at: opened.updated_at, fields: { ...opened } };
    await theyEdit(id, { finish: 'Theirs while I typed' });
    await syncNow(h.cid);
    expect((await productRow(id))!.finish).toBe('Theirs while I typed');
    await saveProductInfo(h.cid, id, { fields: { finish: 'Mine from the form' } }, newActionId(), from);
    const [entry] = await settle();
    expect(conflictView(entry)!.fields).toEqual([
      { key: 'finish', was: opened.finish, mine: 'Mine from the form', theirs: 'Theirs while I typed', changed: 'both' },
    ]);
    expect(await takeTheirs(entry!.id!)).toBe('sent');
    expect(await settle()).toEqual([]);
    expect((await onServer(id))!.finish).toBe('Theirs while I typed');
  });
});

describe('a product deleted by someone else', () => {
  it('stops the change with its words, offers Register it again with its values, never Fix or Retry', async () => {
    const id = pool.shift()!;
    h.net.offline = true;
    await saveProductInfo(h.cid, id, { fields: { collection: 'Edited before it went' } }, newActionId());
    expect((await call(h.s, 'DELETE', '/deletes/product/squedule', { token: colleague, query: { id_product: id, id_customer: h.cid } })).status).toBe(200);
    h.net.offline = false;
    const [stopped] = await settle();
    expect(stopped).toMatchObject({ state: 'parked', error: productWords.deletedElsewhere, refused: { status: 404, code: productCodes.gone } });
    const [a] = groupActions([stopped!]);
    expect(a).toMatchObject({ message: productWords.deletedElsewhere, retryable: false, fixStep: undefined, registerAgain: stopped!.id });
    expect(await refusedProductStep(stopped!.id!)).toBeUndefined();
    const values = (await deletedProductValues(stopped!.id!))!;
    expect(values.fields).toMatchObject({ collection: 'Edited before it went', sku: expect.any(String) });
    expect(await discardAction(a!.id)).toBe(true);
  });

  it('a delete of a product deleted elsewhere is done; a product deleted while the user chose stops as deleted', async () => {
    const gone = pool.shift()!;
    h.net.offline = true;
    await deleteProduct(h.cid, gone, newActionId());
    await call(h.s, 'DELETE', '/deletes/product/squedule', { token: colleague, query: { id_product: gone, id_customer: h.cid } });
    h.net.offline = false;
    expect(await settle()).toEqual([]);

    const { id, entry } = await conflictOf({ fields: { note: 'Mine' } }, { note: 'Theirs' });
    await call(h.s, 'DELETE', '/deletes/product/squedule', { token: colleague, query: { id_product: id, id_customer: h.cid } });
    expect(await keepMine(entry.id!, { note: 'mine' }, newActionId())).toBe('deleted');
    expect(await db().outbox.get(entry.id!)).toMatchObject({ state: 'parked', error: productWords.deletedElsewhere });
  });
});
