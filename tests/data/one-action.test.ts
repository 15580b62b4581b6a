// One user action, one change (src/data/action-claims.ts), against the real server: a mutation run
// twice with the same action id (a double click, a double submit) queues once and changes the mirror
// once, side by side or one after the other, also after the first was sent; the server gets one
// change. Entry keys are the action id and the entry's position, so a resend after a lost answer,
// and even a repeat whose claim was lost, meet the server's stored answer.
import { presetDefaults, type PresetValues } from '../../src/api/contract/rules/preset.ts';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { savePreset, type Who } from '../../src/data/imagery/imagery.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { rememberAccount, saveAccount } from '../../src/data/people/people.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let who: Who;
/** Every mutating request the server was sent: path and Idempotency-Key. */
const sent: { path: string; key?: string }[] = [];
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  const p = (await h.s.db.one<{ id: number; sku: string }>('SELECT id, sku FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1', [h.cid]))!;
  who = { customerId: h.cid, productId: p.id, productLabel: p.sku };
  h.net.transform = (config: InternalAxiosRequestConfig, res) => {
    if (config.method?.toUpperCase() !== 'GET') sent.push({ path: config.url ?? '', key: config.headers?.['Idempotency-Key'] as string | undefined });
    return res;
  };
});
afterAll(async () => h?.s.close());

const presetCount = async () =>
  (await h.s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM product_presets WHERE product_id = $1 AND section = 'silo'", [who.productId]))!.n;
const localPresetCount = () => db().presets.where('[productId+section]').equals([who.productId, 'silo']).count();
const VALUES: PresetValues = { ...presetDefaults('silo'), background: '#ffffff', shadow: 30 };
const sentTo = (path: string) => sent.filter((r) => r.path.endsWith(path));

describe('one user action, one change', () => {
  it('queues a new preset once for two saves of the same action, side by side and after it was sent', async () => {
    const [server, local] = [await presetCount(), await localPresetCount()];
    const action = newActionId();
    h.net.offline = true;
    const [a, b] = await Promise.all([savePreset(who, 'silo', VALUES, undefined, action), savePreset(who, 'silo', VALUES, undefined, action)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await db().outbox.count()).toBe(1);
    expect((await db().outbox.toArray())[0]!.key).toBe(`${action}.0`);
    expect(await localPresetCount()).toBe(local + 1);
    h.net.offline = false;
    expect(await settle()).toEqual([]);
    // Sent and gone from the outbox: the action's claim still refuses a third save.
    expect(await savePreset(who, 'silo', VALUES, undefined, action)).toBeUndefined();
    expect(await db().outbox.count()).toBe(0);
    expect(await presetCount()).toBe(server + 1);
    expect(await localPresetCount()).toBe(local + 1);
    expect(sentTo('/silo/config/store').filter((r) => r.key?.startsWith(action))).toHaveLength(1);
  });

  it('registers one product (and one new tag) for a registration submitted twice', async () => {
    const action = newActionId();
    const draft = { sku: 'ONCE-1', name: 'Once chair', tags: ['once-tag'] };
    await Promise.all([registerProducts(h.cid, [draft], action), registerProducts(h.cid, [draft], action)]);
    expect((await db().outbox.toArray()).map((e) => e.key)).toEqual([`${action}:0.0`, `${action}:0.1`, `${action}:0.2`]);
    expect(await settle()).toEqual([]);
    await registerProducts(h.cid, [draft], action);
    expect(await settle()).toEqual([]);
    const rows = await h.s.db.query('SELECT id FROM products WHERE sku = $1 AND deleted_at IS NULL', ['ONCE-1']);
    expect(rows).toHaveLength(1);
    expect(await h.s.db.query("SELECT id FROM tags WHERE customer_id = $1 AND lower(name) = 'once-tag'", [h.cid])).toHaveLength(1);
  });

  it('resends with the same key after a lost answer: one preset on the server', async () => {
    const before = await presetCount();
    const action = newActionId();
    h.net.queue = ['dropResponse'];
    await savePreset(who, 'silo', { ...VALUES, shadow: 44 }, undefined, action);
    expect(await settle()).toEqual([]);
    const tries = sentTo('/silo/config/store').filter((r) => r.key?.startsWith(action));
    expect(tries.map((r) => r.key)).toEqual([`${action}.0`, `${action}.0`]);
    expect(await presetCount()).toBe(before + 1);
  });

  it('a repeat whose claim was lost is queued again under the same keys, and the server replays its answer', async () => {
    const before = await presetCount();
    const action = newActionId();
    await savePreset(who, 'silo', { ...VALUES, shadow: 55 }, undefined, action);
    expect(await settle()).toEqual([]);
    await db().actionClaims.delete(action); // as if the claim had been pruned
    await savePreset(who, 'silo', { ...VALUES, shadow: 55 }, undefined, action);
    expect(await settle()).toEqual([]);
    expect(sentTo('/silo/config/store').filter((r) => r.key?.startsWith(action)).map((r) => r.key)).toEqual([`${action}.0`, `${action}.0`]);
    expect(await presetCount()).toBe(before + 1);
  });

  it('sends my name once for a Save clicked twice', async () => {
    const me = (await h.s.db.one<{ id: number; name: string; phone: string | null }>('SELECT id, name, phone FROM users WHERE email = $1', [DEMO.acme]))!;
    const account = { id: me.id, name: me.name, phone: me.phone, photo: null };
    await rememberAccount(account);
    const action = newActionId();
    await Promise.all([saveAccount(account, { name: 'Once Manager', phone: '' }, action), saveAccount(account, { name: 'Once Manager', phone: '' }, action)]);
    expect(await db().outbox.count()).toBe(1);
    expect(await settle()).toEqual([]);
    expect(sentTo('/user/edit').filter((r) => r.key?.startsWith(action))).toHaveLength(1);
    expect((await h.s.db.one<{ name: string }>('SELECT name FROM users WHERE id = $1', [me.id]))!.name).toBe('Once Manager');
  });
});
