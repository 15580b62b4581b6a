// Temp ids: negative, time-based so that they stay unique across reloads, far below any id the
// specs use (-1 is the provider context). A value equal to a temp id in a queued call is replaced
// by the real id once the create that made it has returned.
import type { FacetDb } from './db.ts';
import { fieldsOf, type OutboxCall } from './commands.ts';
import type { Scalar } from './types.ts';

let counter = 0;
export function newTempId(): number {
  counter = (counter + 1) % 1000;
  return -(Date.now() * 1000 + counter);
}
export const isTemp = (v: unknown): v is number => typeof v === 'number' && v <= -1_000_000_000;

export const entityId = (e: string) => Number(e.slice(e.indexOf(':') + 1));
export const entityKind = (e: string) => e.slice(0, e.indexOf(':'));

/** A value with f applied to each scalar in it (a bulk call's ids are an array, its action an object). */
function mapDeep(v: unknown, f: (v: Scalar) => Scalar): unknown {
  if (Array.isArray(v)) return v.map((x) => mapDeep(x, f));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapDeep(x, f)]));
  return f(v as Scalar);
}
/** Every scalar in a value (arrays and objects walked). */
function scalars(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.flatMap(scalars);
  if (v && typeof v === 'object') return Object.values(v).flatMap(scalars);
  return [v];
}
const withValues = <T extends OutboxCall>(call: T, f: (v: Scalar) => Scalar): T => ({
  ...call, query: call.query && mapDeep(call.query, f), body: call.body && mapDeep(call.body, f),
});

/** The call with every temp id replaced by a known real id; `missing` lists those still unknown. */
export async function resolveTemps<T extends OutboxCall>(d: FacetDb, call: T): Promise<{ call: T; missing: number[] }> {
  const temps = [...new Set([...scalars(fieldsOf(call.query)), ...scalars(fieldsOf(call.body))].filter(isTemp))];
  if (!temps.length) return { call, missing: [] };
  const rows = await d.idmap.bulkGet(temps);
  const map = new Map(rows.filter((r) => r).map((r) => [r!.temp, r!.real]));
  const swap = (v: Scalar) => (isTemp(v) && map.has(v) ? map.get(v) : v);
  return { call: withValues(call, swap), missing: temps.filter((t) => !map.has(t)) };
}

/** Rewrites one call (its query and body) for temp → real. */
export function rewriteCall<T extends OutboxCall>(call: T, temp: number, real: number): T {
  return withValues(call, (v) => (v === temp ? real : v));
}
export const rewriteEntities = (entities: string[], temp: number, real: number) =>
  entities.map((e) => (entityId(e) === temp ? `${entityKind(e)}:${real}` : e));

