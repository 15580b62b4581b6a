// The live channel's pokes (issue 44): gathered for about a tenth of a second, spread by a random wait,
// one pull for what was gathered, the next pull after the one running; and what each kind pulls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_KINDS,
  LIVE_PATH,
  PRESENCE_PATH,
  PRESENCE_RENEW_MS,
  presencePage,
} from '../../src/api/contract/live.ts';
import { HEARTBEAT_MS, LIVE_PRESENCE, LIVE_STREAM, pageOf, RENEW_MS } from '../../src/data/live/wire.ts';
import { PokeGatherer, type Batch, type Poke } from '../../src/data/live/gather.ts';
import { KIND_PULLS, planFor, planForAll } from '../../src/data/live/kinds.ts';
import { LISTS } from '../../src/data/pull/sync-lists.ts';
import { SECTION_LISTS } from '../../src/data/pull/imagery-sync.ts';

const poke = (kind: Poke['kind'], ids?: number[]): Poke => ({ type: 'poke', company: 1, kind, ids });

function gatherer(random = 0.5) {
  const batches: Batch[] = [];
  let finish: (() => void) | undefined;
  const hold = { on: false };
  const g = new PokeGatherer(
    async (b) => {
      batches.push(b);
      if (hold.on) await new Promise<void>((r) => (finish = r));
    },
    {
      gatherMs: 100,
      spreadMs: 150,
      random: () => random,
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (t) => clearTimeout(t as number),
    },
  );
  return { g, batches, hold, finish: () => finish?.() };
}

describe('poke gathering', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('gathers the pokes of the window and the random wait into one pull', async () => {
    const { g, batches } = gatherer(0.5);
    g.add(poke('products', [1]));
    await vi.advanceTimersByTimeAsync(90);
    g.add(poke('products', [2]));
    g.add(poke('templates'));
    // 100 ms of gathering plus 0.5 × 150 ms of spreading: nothing before 175 ms.
    await vi.advanceTimersByTimeAsync(84);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect([...batches[0]!.kinds].sort()).toEqual(['products', 'templates']);
    expect(batches[0]!.pokes.map((p) => p.ids)).toEqual([[1], [2], undefined]);
  });

  it('spreads the pull by the random draw: 0 waits the window only, 1 the window and 150 ms', async () => {
    for (const [random, at] of [
      [0, 100],
      [1, 250],
    ] as const) {
      const { g, batches } = gatherer(random);
      g.add(poke('users'));
      await vi.advanceTimersByTimeAsync(at - 1);
      expect(batches).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toHaveLength(1);
    }
  });

  it('a poke during a pull is gathered for the next pull, which starts after the first ends', async () => {
    const { g, batches, hold, finish } = gatherer(0);
    hold.on = true;
    g.add(poke('products'));
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toHaveLength(1);
    g.add(poke('roles'));
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toHaveLength(1);
    hold.on = false;
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(2);
    expect([...batches[1]!.kinds]).toEqual(['roles']);
  });

  it('a resync pulls everything, in full; a catch-up everything by delta; cancel drops what was gathered', async () => {
    const { g, batches } = gatherer(0);
    g.addAll(false);
    g.add(poke('products'));
    await vi.advanceTimersByTimeAsync(100);
    expect(batches[0]).toMatchObject({ all: true, full: false });
    g.addAll(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(batches[1]).toMatchObject({ all: true, full: true });
    g.add(poke('products'));
    g.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toHaveLength(2);
  });
});

describe('what a poke pulls', () => {
  it('names only lists the mirror has, and imagery lists its sections have', () => {
    const lists = new Set(LISTS.map((l) => l.name));
    const imagery = new Set(Object.values(SECTION_LISTS).flat());
    for (const kind of LIVE_KINDS) {
      for (const name of KIND_PULLS[kind].lists ?? []) expect(lists, `${kind} → ${name}`).toContain(name);
      for (const name of KIND_PULLS[kind].imagery ?? []) expect(imagery, `${kind} → ${name}`).toContain(name);
    }
  });

  it('maps each kind to its lists and reads', () => {
    expect(planFor(['products'])).toMatchObject({ lists: ['products', 'tags'], product: true, dashboard: true, review: false });
    expect(planFor(['templates']).lists).toEqual(['templates']);
    expect(planFor(['savedViews']).lists).toEqual(['savedViews']);
    expect(planFor(['users']).people).toEqual(['people']);
    expect(planFor(['roles']).people).toEqual(['roles', 'people']);
    expect(planFor(['rounds'])).toMatchObject({ dashboard: true, review: true, lists: [] });
    expect(planFor(['review'])).toMatchObject({ review: true, dashboard: false });
    expect(planFor(['exports'])).toMatchObject({ exports: true, lists: [] });
    expect(planFor(['me'])).toMatchObject({ me: true, lists: [] });
    expect(planFor(['presets']).imagery).toEqual(expect.arrayContaining(['presets-silo', 'presets-vignette', 'presets-360']));
    expect(planFor(['uploads']).imagery).toEqual(expect.arrayContaining(['silo', 'vignette', '360', 'videos', '3dfiles']));
    expect(planFor(['uploads']).imagery).not.toContain('presets-silo');
  });

  it('names each list once however many kinds ask for it, and everything for a resync', () => {
    const plan = planFor(['users', 'roles', 'products', 'products', 'presets', 'uploads']);
    expect(plan.people).toEqual(['people', 'roles']);
    expect(plan.lists).toEqual(['products', 'tags']);
    expect(new Set(plan.imagery).size).toBe(plan.imagery.length);
    const all = planForAll();
    expect(all).toMatchObject({ product: true, dashboard: true, review: true, exports: true, me: true });
    expect(all.lists.sort()).toEqual(['products', 'savedViews', 'tags', 'templates']);
  });
});

describe("the portal's copy of the live contract's values", () => {
  it('equals the contract (which the portal may not import: it holds TypeBox schemas)', () => {
    expect([LIVE_STREAM, LIVE_PRESENCE, HEARTBEAT_MS, RENEW_MS]).toEqual([
      LIVE_PATH,
      PRESENCE_PATH,
      LIVE_HEARTBEAT_MS,
      PRESENCE_RENEW_MS,
    ]);
    expect(pageOf('product', 12)).toBe(presencePage('product', 12));
    expect(pageOf('review', 3)).toBe(presencePage('review', 3));
    expect(Object.keys(KIND_PULLS).sort()).toEqual([...LIVE_KINDS].sort());
  });
});

describe('a poke against the mirror', () => {
  it('a row holds the version a poke named when its own is the same time or later; other versions by equality', async () => {
    const { reached } = await import('../../src/data/live/pull-pokes.ts');
    expect(reached('2026-01-02T10:00:00.000Z', '2026-01-02T10:00:00Z')).toBe(true);
    expect(reached('2026-01-02T10:00:01Z', '2026-01-02T10:00:00Z')).toBe(true);
    expect(reached('2026-01-02T09:59:59Z', '2026-01-02T10:00:00Z')).toBe(false);
    expect(reached(undefined, '2026-01-02T10:00:00Z')).toBe(false);
    expect(reached('v7', 'v7')).toBe(true);
    expect(reached('v6', 'v7')).toBe(false);
  });

  it("a tab acts on its own company's pokes, every company's in the provider context, and every 'me' poke", async () => {
    const { forCompany } = await import('../../src/data/live/pull-pokes.ts');
    expect(forCompany(7, { company: 7, kind: 'products' })).toBe(true);
    expect(forCompany(7, { company: 8, kind: 'products' })).toBe(false);
    expect(forCompany(-1, { company: 8, kind: 'products' })).toBe(true);
    expect(forCompany(7, { company: 0, kind: 'me' })).toBe(true);
    expect(forCompany(7, { company: 8 })).toBe(false);
  });
});
