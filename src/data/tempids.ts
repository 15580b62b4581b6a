// Temp ids: negative, time-based so that they stay unique across reloads, far below any id the
// specs use (-1 is the provider context). A value equal to a temp id in a queued call is replaced
// by the real id once the create that made it has returned.
import type { FacetDb } from './db.ts';
import type { OutboxCall, Scalar } from './types.ts';

let counter = 0;
export function newTempId(): number {
  counter = (counter + 1) % 1000;
  return -(Date.now() * 1000 + counter);
}
export const isTemp = (v: unknown): v is number => typeof v === 'number' && v <= -1_000_000_000;

export const entityId = (e: string) => Number(e.slice(e.indexOf(':') + 1));
export const entityKind = (e: string) => e.slice(0, e.indexOf(':'));

function mapValues(o: Record<string, Scalar> | undefined, f: (v: Scalar) => Scalar) {
  if (!o) return o;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/** The call with every temp id replaced by a known real id; `missing` lists those still unknown. */
export async function resolveTemps(d: FacetDb, call: OutboxCall): Promise<{ call: OutboxCall; missing: number[] }> {
  const temps = [...Object.values(call.query ?? {}), ...Object.values(call.body ?? {})].filter(isTemp);
  if (!temps.length) return { call, missing: [] };
  const rows = await d.idmap.bulkGet(temps);
  const map = new Map(rows.filter((r) => r).map((r) => [r!.temp, r!.real]));
  const swap = (v: Scalar) => (isTemp(v) && map.has(v) ? map.get(v) : v);
  return {
    call: { ...call, query: mapValues(call.query, swap), body: mapValues(call.body, swap) },
    missing: temps.filter((t) => !map.has(t)),
  };
}

/** Rewrites one call and its entity keys for temp → real. */
export function rewriteCall(call: OutboxCall, temp: number, real: number): OutboxCall {
  const swap = (v: Scalar) => (v === temp ? real : v);
  return { ...call, query: mapValues(call.query, swap), body: mapValues(call.body, swap) };
}
export const rewriteEntities = (entities: string[], temp: number, real: number) =>
  entities.map((e) => (entityId(e) === temp ? `${entityKind(e)}:${real}` : e));

/** Reads a dotted path ('product.id') from a reply. */
export function pick(reply: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), reply);
}
