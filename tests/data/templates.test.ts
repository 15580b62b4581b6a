// Template mutations through the outbox (staff): add with a new ambient and tag made offline,
// edit with link changes, delete; each reaches the server once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { addTemplates, deleteTemplate, editTemplate } from '../../src/data/catalog/templates.ts';
import { DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';

let h: Harness;
const STAFF = -1;
beforeAll(async () => {
  h = await startHarness(DEMO.staff);
  await syncNow(STAFF, true);
});
afterAll(async () => h?.s.close());

const links = (id: number) => h.s.db.one<{ name: string; public: number; ambients: string[]; tags: string[]; deleted: boolean }>(
  `SELECT t.name, t.public, t.deleted_at IS NOT NULL AS deleted,
          COALESCE((SELECT array_agg(a.name ORDER BY a.name) FROM template_ambients l JOIN ambients a ON a.id = l.ambient_id WHERE l.template_id = t.id), '{}') AS ambients,
          COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM template_tag_links l JOIN template_tags g ON g.id = l.tag_id WHERE l.template_id = t.id), '{}') AS tags
     FROM templates t WHERE t.id = $1`, [id]);

describe('template mutations', () => {
  it('adds a template offline with a new ambient and tag, then edits and deletes it', async () => {
    const existing = (await db().ambients.toArray())[0]!;
    h.net.offline = true;
    const [temp] = await addTemplates(STAFF, [{ name: 'Loft offline', public: 1, image: await pngBlob('loft.png'), ambients: [existing.id, 'Sunroom'], tags: ['cosy'] }], newActionId());
    expect((await db().templates.get([STAFF, temp!]))?.ambients.map((a) => a.name)).toEqual([existing.name, 'Sunroom']);
    h.net.offline = false;
    h.net.queue = ['dropResponse', 'duplicate'];
    expect(await settle()).toEqual([]);
    const row = await db().templates.where('id').above(0).filter((t) => t.name === 'Loft offline').first();
    expect(row).toBeTruthy();
    expect(await links(row!.id)).toMatchObject({ name: 'Loft offline', public: 1, ambients: [existing.name, 'Sunroom'].sort(), tags: ['cosy'] });
    expect(await h.s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM templates WHERE name = 'Loft offline'`)).toEqual({ n: 1 });

    const sunroom = row!.ambients.find((a) => a.name === 'Sunroom')!;
    expect(sunroom.id).toBeGreaterThan(0);
    await editTemplate(STAFF, row!.id, { name: 'Loft', public: 1, removeAmbients: [sunroom.id], addTags: ['bright'] }, newActionId());
    expect(await settle()).toEqual([]);
    expect(await links(row!.id)).toMatchObject({ name: 'Loft', ambients: [existing.name], tags: ['Bright', 'cosy'] }); // 'bright' matched the existing tag

    await deleteTemplate(STAFF, row!.id, newActionId());
    expect(await settle()).toEqual([]);
    expect((await links(row!.id))?.deleted).toBe(true);
    await syncNow(STAFF);
    expect(await db().templates.get([STAFF, row!.id])).toBeUndefined();
  });
});
