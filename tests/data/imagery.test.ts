// Document 3's imagery through the data layer, against the real server: the lists are mirrored per
// product; a preset edited offline, a preset created offline and uploads queued offline (silo, and a
// 360 batch with its new group) drain exactly once under lost, doubled and refused replies; a 409
// on a preset is a conflict settled by mine or theirs; discards drop the local rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { deletePreset, queueUploads, savePreset, type Who } from '../../src/data/imagery/imagery.ts';
import { pullImageryList, SECTION_LISTS } from '../../src/data/pull/imagery-sync.ts';
import type { PresetRow } from '../../src/data/local/imagery-types.ts';
import { drainOutbox, newActionId } from '../../src/data/outbox/outbox.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { resolveConflict } from '../../src/data/outbox/conflict.ts';
import { call, DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let who: Who;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  // The first product of the company has seeded uploads in every section.
  const p = (await h.s.db.one<{ id: number; sku: string }>('SELECT id, sku FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1', [h.cid]))!;
  who = { customerId: h.cid, productId: p.id, productLabel: p.sku };
});
afterAll(async () => h?.s.close());

const pullSection = async (s: keyof typeof SECTION_LISTS) => {
  for (const n of SECTION_LISTS[s]) await pullImageryList(h.cid, who.productId, n);
};
const localPresets = (section: string) => db().presets.where('[productId+section]').equals([who.productId, section]).sortBy('id');
const serverPresets = (section: string) =>
  h.s.db.query<{ id: number; shadow: number; version: number; background: string }>(
    'SELECT id, shadow, version, background FROM product_presets WHERE product_id = $1 AND section = $2 ORDER BY id', [who.productId, section]);
const uploads = (section: string) =>
  h.s.db.query<{ id: number; group_id: number | null; name: string }>('SELECT id, group_id, name FROM product_uploads WHERE product_id = $1 AND section = $2 ORDER BY id', [who.productId, section]);

describe('imagery data layer', () => {
  it('mirrors every list of the product', async () => {
    for (const s of Object.keys(SECTION_LISTS) as (keyof typeof SECTION_LISTS)[]) await pullSection(s);
    expect((await localPresets('silo')).map((p) => p.id)).toEqual((await serverPresets('silo')).map((p) => p.id));
    expect(await db().layers.where('[productId+section]').equals([who.productId, '360']).count()).toBe(48);
    const groups = await db().sectionFiles.where('[productId+list]').equals([who.productId, '360']).toArray();
    expect(groups).toHaveLength(1);
    expect(groups[0]!.paths).toHaveLength(4);
    expect(await db().sectionFiles.where('[productId+list]').equals([who.productId, 'silo']).count()).toBe(2);
    expect(await db().sectionFiles.where('[productId+list]').equals([who.productId, 'studio-3dfiles']).count()).toBe(2);
    expect(await db().backgrounds.where('productId').equals(who.productId).count()).toBe(6);
    // A second pull is a 304 and changes nothing.
    const before = h.net.requests;
    await pullSection('silo');
    expect(h.net.requests - before).toBe(3);
    expect(await localPresets('silo')).toHaveLength(2);
  });

  it('drains an offline preset edit, a new preset and queued uploads exactly once under faults', async () => {
    const [first] = await localPresets('silo');
    const siloBefore = await serverPresets('silo');
    const siloUploads = (await uploads('silo')).length;
    const groupsBefore = new Set((await uploads('360')).map((u) => u.group_id));
    h.net.offline = true;
    await savePreset(who, 'silo', { ...first!, shadow: 77, background: '#0897b4' }, first, newActionId());
    const created = await savePreset(who, 'silo', { ...first!, shadow: 12, hasReflection: 0 }, undefined, newActionId());
    expect(created!.id).toBeLessThan(0);
    await queueUploads(who, 'silo', [await pngBlob('a.png'), await pngBlob('b.png')], newActionId());
    await queueUploads(who, '360', [await pngBlob('front.png'), await pngBlob('side.png')], newActionId());
    await drainOutbox();
    expect((await db().presets.get(first!.id))!.shadow).toBe(77);
    const pending = await db().sectionFiles.filter((f) => !!f.pendingBlobs?.length).toArray();
    expect(pending.map((f) => [f.list, f.pendingBlobs!.length]).sort()).toEqual([['360', 2], ['silo', 1], ['silo', 1]]);
    // A pull meanwhile leaves the held rows alone.
    h.net.offline = false;
    h.net.queue = ['dropResponse', 'duplicate', 'dropResponse', 's503', 'duplicate', 'dropResponse', 'duplicate', 's429'];
    expect(await settle()).toEqual([]);

    const silo = await serverPresets('silo');
    expect(silo).toHaveLength(siloBefore.length + 1);
    const edited = silo.find((p) => p.id === first!.id)!;
    expect(edited).toMatchObject({ shadow: 77, background: '#0897b4', version: siloBefore.find((p) => p.id === first!.id)!.version + 1 });
    const made = silo.find((p) => !siloBefore.some((b) => b.id === p.id))!;
    expect(made.shadow).toBe(12);
    expect(await db().presets.get(created!.id)).toBeUndefined();
    expect(await db().presets.get(made.id)).toMatchObject({ id: made.id, shadow: 12, hasReflection: 0, updated_at: expect.any(String) });

    const siloNow = await uploads('silo');
    expect(siloNow.slice(siloUploads).map((u) => u.name)).toEqual(['a.png', 'b.png']);
    const newGroups = [...new Set((await uploads('360')).map((u) => u.group_id))].filter((g) => !groupsBefore.has(g));
    expect(newGroups).toHaveLength(1);
    expect((await uploads('360')).filter((u) => u.group_id === newGroups[0]).map((u) => u.name)).toEqual(['front.png', 'side.png']);
    expect(await db().sectionFiles.filter((f) => !!f.pendingBlobs?.length || f.id < 0).count()).toBe(0);
    const group = await db().sectionFiles.get([who.productId, '360', newGroups[0]!]);
    expect(group!.paths).toHaveLength(2);
    expect(await db().blobs.count()).toBe(0);
  });

  it('stops an upload batch at the first refusal, keeping the rest queued', async () => {
    const count = (await uploads('vignette')).length;
    h.net.queue = ['s422'];
    await queueUploads(who, 'vignette', [await pngBlob('one.png'), await pngBlob('two.png')], newActionId());
    const left = await settle();
    expect(left.map((e) => e.state)).toEqual(['parked', 'parked']);
    expect(left[0]!.error).toBe('Injected 422');
    expect(left[1]!.error).toMatch(/^Waiting for a change that failed/);
    expect(await uploads('vignette')).toHaveLength(count);
    await discardAction(left[0]!.action);
    expect(await db().outbox.count()).toBe(0);
    expect(await db().sectionFiles.filter((f) => f.list === 'vignette' && f.id < 0).count()).toBe(0);
  });

  it('settles a 409 on a preset edit by mine or theirs', async () => {
    await pullSection('vignette');
    const [p] = await localPresets('vignette');
    // Someone else saves the preset after this device read it.
    const other = await call(h.s, 'PUT', '/puts/product/automation/vignette/config/edit', {
      token: h.token, body: { id_product_config: p!.id, id_product: who.productId, id_customer: h.cid, saturation: 150 },
    });
    expect(other.status).toBe(200);
    await savePreset(who, 'vignette', { ...p!, brightness: 60 }, p, newActionId());
    let [entry] = await settle();
    expect(entry).toMatchObject({ state: 'conflict' });
    expect((entry!.theirs as PresetRow).saturation).toBe(150);
    await resolveConflict(entry!.id!, 'mine');
    expect(await settle()).toEqual([]);
    expect((await serverPresets('vignette')).find((x) => x.id === p!.id)).toBeDefined();
    const row = await h.s.db.one<{ brightness: number; saturation: number }>('SELECT brightness, saturation FROM product_presets WHERE id = $1', [p!.id]);
    expect(row).toEqual({ brightness: 60, saturation: 150 });

    // Theirs: the local row returns to the server's values.
    await call(h.s, 'PUT', '/puts/product/automation/vignette/config/edit', {
      token: h.token, body: { id_product_config: p!.id, id_product: who.productId, id_customer: h.cid, brightness: 90 },
    });
    const mine = (await db().presets.get(p!.id))!;
    await savePreset(who, 'vignette', { ...mine, brightness: 10 }, { ...mine, updated_at: p!.updated_at }, newActionId());
    [entry] = await settle();
    expect(entry!.state).toBe('conflict');
    await resolveConflict(entry!.id!, 'theirs');
    expect(await db().outbox.count()).toBe(0);
    await pullImageryList(h.cid, who.productId, 'presets-vignette');
    expect((await db().presets.get(p!.id))!.brightness).toBe(90);
  });

  it('deletes a preset created and deleted offline without leaving anything behind', async () => {
    await pullSection('360');
    const before = await serverPresets('360');
    h.net.offline = true;
    const made = await savePreset(who, '360', { ...(await localPresets('360'))[0]!, shadow: 3 }, undefined, newActionId());
    await deletePreset(who, '360', made!.id, newActionId());
    h.net.offline = false;
    expect(await settle()).toEqual([]);
    expect(await serverPresets('360')).toEqual(before);
    expect(await db().presets.get(made!.id)).toBeUndefined();
  });
});
