// A tab's pull for the pokes it gathered (issue 44): the pull stays the one path by which rows enter the
// mirror. The mirror's lists are pulled as the sync pulls them (delta with updated_since, ETags); what a
// screen has open is read again only while it is open. A poke that named a row's version the pull did not
// bring (a delta answered by a lagging replica, a list cached on the way) fetches that row directly, or
// pulls its list once more.
import type { LiveKind } from '../../api/contract/live.ts';
import { db, productRow } from '../local/index.ts';
import { pullImageryList, pullProduct } from '../pull/index.ts';
import { syncLists, syncNow } from '../sync/index.ts';
import { pullAccount, pullPeople, refreshDashboard } from '../people/index.ts';
import { refreshReviewRound } from '../review/index.ts';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import type { Batch, Poke } from './gather.ts';
import { planFor, planForAll } from './kinds.ts';
import { bump, open } from './live-state.ts';

export interface PullContext {
  cid: number;
  /** The user's permissions changed: ask have_access again (the shell's, injected). */
  onMe?: () => void;
}

const quietly = (what: string) => (err: unknown) => logBackgroundFailure(`Live pull of ${what} failed`, err);

/** A row's version is at least the poke's: ISO timestamps compared as times, anything else by equality. */
export function reached(held: string | undefined, poked: string): boolean {
  if (held === undefined) return false;
  const a = Date.parse(held);
  const b = Date.parse(poked);
  return Number.isNaN(a) || Number.isNaN(b) ? held === poked : a >= b;
}

/**
 * The pokes this tab acts on: its own company's (staff in the provider context see every company's), and
 * every 'me' poke (a membership of another company, or the account itself: company 0).
 */
export const forCompany = (cid: number, p: { company: number; kind?: LiveKind }) => cid === -1 || p.company === cid || p.kind === 'me';

export async function pullFor(batch: Batch, ctx: PullContext): Promise<void> {
  const { cid } = ctx;
  const plan = batch.all ? planForAll() : planFor(batch.kinds);
  const jobs: Promise<unknown>[] = [];
  if (batch.all) jobs.push(syncNow(cid, batch.full).catch(quietly('everything')));
  else if (plan.lists.length) jobs.push(syncLists(plan.lists, cid));
  // The ids of presets and uploads pokes are the products whose lists changed; of rounds and review, rounds.
  const about = (kinds: LiveKind[], id: number) => batch.all || named(batch.pokes.filter((p) => kinds.includes(p.kind)), id);
  for (const o of open.products.values()) {
    if (o.cid !== cid && cid !== -1) continue;
    if (plan.product && about(['products'], o.pid)) jobs.push(pullProduct(o.cid, o.pid).catch(quietly('product')));
    if (!about(['presets', 'uploads'], o.pid)) continue;
    for (const name of plan.imagery.filter((n) => o.imagery.includes(n)))
      jobs.push(pullImageryList(o.cid, o.pid, name).catch(quietly(name)));
  }
  if (plan.dashboard)
    for (const o of open.dashboards.values()) if (o.cid === cid) jobs.push(refreshDashboard(o.cid, o.lastRegistered));
  if (plan.review)
    for (const o of open.rounds.values())
      if ((o.cid === cid || cid === -1) && about(['rounds', 'review'], o.roundId)) jobs.push(refreshReviewRound(o.cid, o.roundId));
  if (plan.people.length)
    for (const o of open.people.values())
      if (o.cid === cid) for (const k of plan.people) jobs.push(pullPeople(o.cid, k).catch(quietly(k)));
  if (plan.me) {
    ctx.onMe?.();
    jobs.push(pullAccount().catch(quietly('account')));
  }
  await Promise.all(jobs);
  if (plan.exports) bump('exports');
  for (const kind of batch.kinds) if (kind !== 'exports') bump(kind);
  if (!batch.all) await followUp(batch.pokes, ctx);
}

/** A poke without ids is about many rows: every open one counts as named. */
const named = (pokes: Poke[], id: number) => pokes.some((p) => !p.ids || p.ids.some((x) => Number(x) === id));

/** The rows whose version (or deletion) the pull did not bring: fetched directly, or their list once more. */
async function followUp(pokes: Poke[], ctx: PullContext) {
  const again = new Set<string>();
  const rows: Promise<unknown>[] = [];
  for (const p of pokes) {
    if (!p.ids || (p.version === undefined && !p.deleted)) continue;
    for (const raw of p.ids) {
      const id = Number(raw);
      if (!Number.isInteger(id) || (await queued(p.kind, id))) continue;
      if (await holds(p, ctx.cid, id)) continue;
      if (p.kind === 'products') rows.push(pullProduct(p.company, id).catch(quietly('product')));
      else if (p.kind === 'templates' || p.kind === 'savedViews') again.add(p.kind);
    }
  }
  if (again.size) rows.push(syncLists([...again], ctx.cid));
  await Promise.all(rows);
}

const ENTITY: Partial<Record<LiveKind, string>> = { products: 'product', templates: 'template', savedViews: 'savedView' };

/** A row this device has changed and not yet sent is the outbox's: a pull leaves it alone, and so does this. */
async function queued(kind: LiveKind, id: number): Promise<boolean> {
  const entity = ENTITY[kind];
  return !!entity && (await db().outbox.where('entities').equals(`${entity}:${id}`).count()) > 0;
}

async function holds(p: Poke, cid: number, id: number): Promise<boolean> {
  const row =
    p.kind === 'products'
      ? await productRow(id)
      : p.kind === 'templates'
        ? await db().templates.get([cid, id])
        : p.kind === 'savedViews'
          ? await db().savedViews.get(id)
          : undefined;
  if (!ENTITY[p.kind]) return true;
  if (p.deleted) return row === undefined;
  return reached((row as { updated_at?: string } | undefined)?.updated_at, p.version!);
}
