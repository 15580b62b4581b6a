// Discard of a saved view's rename or delete made offline (issue 28): the server's name, or the view
// itself, is back at once from the recorded version (confirmed.ts), with no pull, and once online
// nothing of it reaches the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { drainOutbox, policy } from '../../src/data/outbox/outbox.ts';
import { deleteView, renameView, saveView } from '../../src/data/catalog/saved-views.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const names = async () => (await db().savedViews.where('cid').equals(h.cid).toArray()).map((v) => v.name).sort();

it('puts back the server’s name after a discarded rename, and the view after a discarded delete, offline', async () => {
  await saveView(h.cid, { name: 'Sofas by name', query: 'section=allproducts&q=sofa&sort=name' }, 'a-view-keep');
  expect(await settle()).toEqual([]);
  const saved = (await db().savedViews.where('cid').equals(h.cid).first())!;
  expect(saved.id).toBeGreaterThan(0);

  h.net.offline = true;
  policy.baseDelay = policy.maxDelay = 600_000;
  await renameView(h.cid, saved.id, 'Sofas A to Z', 'a-view-rename');
  expect(await names()).toEqual(['Sofas A to Z']);
  await drainOutbox(); // the try the rename started fails offline: nothing is being sent when Discard runs
  expect(await discardAction('a-view-rename')).toBe(true);
  expect(await names()).toEqual(['Sofas by name']);
  expect(await db().confirmed.count()).toBe(0);

  await deleteView(h.cid, saved.id, 'a-view-delete');
  expect(await names()).toEqual([]);
  await drainOutbox(); // the try the delete started fails offline: nothing is being sent when Discard runs
  expect(await discardAction('a-view-delete')).toBe(true);
  expect(await db().savedViews.get(saved.id)).toEqual(saved);

  h.net.offline = false;
  [policy.baseDelay, policy.maxDelay] = [2, 40];
  expect(await settle()).toEqual([]);
  const onServer = await h.s.db.query<{ name: string; deleted_at: Date | null }>('SELECT name, deleted_at FROM saved_views WHERE id = $1', [saved.id]);
  expect(onServer).toEqual([{ name: 'Sofas by name', deleted_at: null }]);
});

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

it('a Discard that lands while a drain is about to send the entry: discarded is never sent, sent is never discarded', async () => {
  const view = (await db().savedViews.where('cid').equals(h.cid).first())!;
  let name = (await h.s.db.one<{ name: string }>('SELECT name FROM saved_views WHERE id = $1', [view.id]))!.name;
  const outcomes = new Set<boolean>();
  // The Discard comes after 0, 1, 2, … turns of the event loop: from before the drain reads the
  // outbox, through its read and its marking the entry as being sent, to after the answer.
  for (let k = 0; k < 60 && outcomes.size < 2; k++) {
    const action = `a-sweep-${k}`;
    await renameView(h.cid, view.id, `Sweep ${k}`, action);
    const drain = drainOutbox();
    await ticks(k);
    const discarded = await discardAction(action);
    await drain;
    expect(await settle()).toEqual([]);
    if (!discarded) name = `Sweep ${k}`;
    outcomes.add(discarded);
    const onServer = (await h.s.db.one<{ name: string }>('SELECT name FROM saved_views WHERE id = $1', [view.id]))!.name;
    expect({ k, discarded, onServer }).toEqual({ k, discarded, onServer: name });
  }
  expect([...outcomes].sort()).toEqual([false, true]);
});
