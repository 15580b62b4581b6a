// Discard of a saved view's rename or delete made offline (issue 28): the server's name, or the view
// itself, is back at once from the recorded version (confirmed.ts), with no pull, and once online
// nothing of it reaches the server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '../../src/data/db.ts';
import { discardAction } from '../../src/data/outbox-discard.ts';
import { drainOutbox, policy } from '../../src/data/outbox.ts';
import { deleteView, renameView, saveView } from '../../src/data/saved-views.ts';
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
  await drainOutbox(); // offline: the rename waits out its backoff
  expect(await discardAction('a-view-rename')).toBe(true);
  expect(await names()).toEqual(['Sofas by name']);
  expect(await db().confirmed.count()).toBe(0);

  await deleteView(h.cid, saved.id, 'a-view-delete');
  expect(await names()).toEqual([]);
  expect(await discardAction('a-view-delete')).toBe(true);
  expect(await db().savedViews.get(saved.id)).toEqual(saved);

  h.net.offline = false;
  [policy.baseDelay, policy.maxDelay] = [2, 40];
  expect(await settle()).toEqual([]);
  const onServer = await h.s.db.query<{ name: string; deleted_at: Date | null }>('SELECT name, deleted_at FROM saved_views WHERE id = $1', [saved.id]);
  expect(onServer).toEqual([{ name: 'Sofas by name', deleted_at: null }]);
});
