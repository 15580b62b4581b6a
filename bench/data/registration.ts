// Bundled into the bench page (bench/data/entry.ts): the template catalogue's keystroke filter over a
// large company, and an offline batch of products with images drained on reconnect.
import { catalogIndex } from '../../src/data/catalog/catalog-query.ts';
import { db } from '../../src/data/local/db.ts';
import { drainOutbox, newActionId } from '../../src/data/outbox/outbox.ts';
import { queueProductBatch } from '../../src/data/catalog/registration.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { stats } from '../support/stats.ts';


/** 200 keystrokes: typing and erasing template words, ids and tag names. */
function keystrokes(): string[] {
  const words = ['nordic loft', 'harbor kitchen 41', 'luna', 'scandinavian', 'willow office', '1234', 'cedar terrace 9', 'industrial'];
  const out: string[] = [];
  for (let w = 0; out.length < 200; w++) {
    const word = words[w % words.length]!;
    for (let i = 1; i <= word.length && out.length < 200; i++) out.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 0 && out.length < 200; i--) out.push(word.slice(0, i));
  }
  return out;
}

async function png(i: number): Promise<File> {
  const c = new OffscreenCanvas(64, 64);
  const g = c.getContext('2d')!;
  g.fillStyle = `hsl(${(i * 37) % 360} 45% 55%)`;
  g.fillRect(0, 0, 64, 64);
  return new File([await c.convertToBlob({ type: 'image/png' })], `bench-${i}.png`, { type: 'image/png' });
}

export const registrationBench = {
  async syncTemplates(cid: number) {
    const t0 = performance.now();
    await syncNow(cid, true);
    return { ms: performance.now() - t0, rows: await db().templates.where('cid').equals(cid).count() };
  },
  /** The catalogue's query per keystroke, as the template catalogue runs it (with and without a chip). */
  async templateFilter(cid: number, ambient: number) {
    const ix = catalogIndex('templates', cid);
    const t0 = performance.now();
    await ix.load();
    const load = performance.now() - t0;
    const times: number[] = [];
    const counts: number[] = [];
    for (const [k, text] of keystrokes().entries()) {
      const ambientIds = k % 2 ? [ambient] : undefined; // half of them with an ambient chip on
      const s = performance.now();
      const items = ix.query({ kind: 'templates', customerId: cid, text, visibility: 'both', from: '2019-01-01', ambientIds });
      times.push(performance.now() - s);
      counts.push(items.length);
    }
    return { load, ...stats(times), sampleCounts: counts.slice(0, 8) };
  },
  /** Queues n products with two images each (the caller has the browser offline). */
  async queueBatch(cid: number, n: number) {
    const items = [];
    for (let i = 0; i < n; i++) {
      items.push({ uid: `b${i}`, fileIds: [], draft: { sku: `BENCH-${i}`, name: `Bench chair ${i}`, images: [await png(2 * i), await png(2 * i + 1)] } });
    }
    const t0 = performance.now();
    const queued = await queueProductBatch(cid, 'bench', items, newActionId());
    return { ms: performance.now() - t0, entries: queued.reduce((s, q) => s + q.entries.length, 0) };
  },
  /** Back online: drains until the outbox is empty; the time it took. */
  async drainAll() {
    const t0 = performance.now();
    while ((await db().outbox.count()) > 0) {
      await drainOutbox();
      if ((await db().outbox.where('state').anyOf('parked', 'conflict').count()) > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { ms: performance.now() - t0, left: await db().outbox.count() };
  },
};
