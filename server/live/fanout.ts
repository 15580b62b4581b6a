// Who gets an event (issue 44): only the streams subscribed to the row's company whose user may read
// that list there (LIVE_KIND_NEEDS; staff hold every permission but get only the companies they named);
// a user's own rows (exports, saved views, 'me') go to that user alone.
import { LIVE_KIND_NEEDS, type LiveEvent, type LiveKind } from '../../src/api/contract/live.ts';
import type { Slug } from '../../src/api/contract/slugs.ts';
import type { LiveConnection } from './connection.ts';
import type { PokeNotice, ProgressNotice } from './notice.ts';

export type Delivery = [LiveConnection, LiveEvent];

/** The open streams, found by company (as subscribed) and by user. */
export class LiveIndex {
  readonly all = new Map<string, LiveConnection>();
  private byCompany = new Map<number, Set<LiveConnection>>();
  private byUser = new Map<number, Set<LiveConnection>>();

  add(conn: LiveConnection): void {
    this.all.set(conn.id, conn);
    for (const c of conn.session.access.keys()) this.setOf(this.byCompany, c).add(conn);
    this.setOf(this.byUser, conn.user.id).add(conn);
  }

  /** `companies`: what it subscribed to when it opened (a re-check may have dropped some since). */
  remove(conn: LiveConnection, companies: readonly number[]): void {
    this.all.delete(conn.id);
    for (const c of companies) this.drop(this.byCompany, c, conn);
    this.drop(this.byUser, conn.user.id, conn);
  }

  ofCompany(company: number): LiveConnection[] {
    return [...(this.byCompany.get(company) ?? [])].filter((c) => c.session.access.has(company));
  }

  ofUser(user: number): LiveConnection[] {
    return [...(this.byUser.get(user) ?? [])];
  }

  private setOf<K>(map: Map<K, Set<LiveConnection>>, key: K) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    return set;
  }

  private drop<K>(map: Map<K, Set<LiveConnection>>, key: K, conn: LiveConnection) {
    const set = map.get(key);
    set?.delete(conn);
    if (set && !set.size) map.delete(key);
  }
}

const OWN: readonly LiveKind[] = ['exports', 'savedViews', 'me'];

/** Whether the stream's user may read a list that needs one of `needs` in `company`. */
export function may(conn: LiveConnection, company: number, needs: readonly Slug[]): boolean {
  const slugs = conn.session.access.get(company);
  return !!slugs && (conn.session.staff || needs.some((s) => slugs.has(s)));
}

const pokeOf = (n: PokeNotice, company: number): LiveEvent => ({
  type: 'poke',
  company,
  kind: n.k,
  ...(n.ids && { ids: n.ids }),
  ...(n.v && { version: n.v }),
  ...(n.d && { deleted: true }),
  ...(n.by && { by: n.by }),
});

export function pokeDeliveries(index: LiveIndex, n: PokeNotice): Delivery[] {
  // One event object per company, shared by its streams (written out once: hub.ts deliver).
  const made = new Map<number, LiveEvent>();
  const event = (company: number): LiveEvent => {
    let e = made.get(company);
    if (!e) made.set(company, (e = pokeOf(n, company)));
    return e;
  };
  if (n.k === 'me') return n.u === undefined ? [] : index.ofUser(n.u).map((c) => [c, event(n.c ?? 0)]);
  if (OWN.includes(n.k)) {
    const company = n.c;
    if (n.u === undefined || company === undefined) return [];
    return index.ofUser(n.u).flatMap((c): Delivery[] => (c.session.access.has(company) ? [[c, event(company)]] : []));
  }
  const needs = LIVE_KIND_NEEDS[n.k];
  const company = n.c;
  if (company === undefined) {
    // Every company's row (a shared template): once for each company a stream shows whose user may read it.
    return [...index.all.values()].flatMap((c) =>
      [...c.session.access.keys()].filter((cid) => may(c, cid, needs)).map((cid): Delivery => [c, event(cid)]),
    );
  }
  return index.ofCompany(company).flatMap((c): Delivery[] => (may(c, company, needs) ? [[c, event(company)]] : []));
}

export function progressDeliveries(index: LiveIndex, n: ProgressNotice): Delivery[] {
  const event: LiveEvent = {
    type: 'progress',
    company: n.c,
    job: n.job,
    id: n.id,
    state: n.state,
    ...(n.product !== undefined && { product: n.product }),
    ...(n.done !== undefined && { done: n.done }),
    ...(n.total !== undefined && { total: n.total }),
  };
  // An export is its owner's; a frame set shows to whoever may see the product's imagery.
  const targets =
    n.job === 'export'
      ? n.u === undefined
        ? []
        : index.ofUser(n.u).filter((c) => c.session.access.has(n.c))
      : index.ofCompany(n.c).filter((c) => may(c, n.c, LIVE_KIND_NEEDS.uploads));
  return targets.map((c) => [c, event]);
}
