// The three-way merge of a conflicting edit (issue 43), as pure functions: the ancestor is what the
// edit's fields were when it was queued (the entry's `was`), mine is that plus the queued body, theirs
// is the server's row the 409 brought. A field only I changed is sent on top of theirs; a field only
// they changed stays theirs; a field we both changed to different values needs the user's pick.
import { RuleError } from '../local/index.ts';

export type Side = 'mine' | 'theirs';

export interface ConflictField {
  key: string;
  /** The value the edit was based on; undefined for an entry queued before `was` was kept. */
  was?: unknown;
  mine: unknown;
  theirs: unknown;
  /** Who changed it since: a 'both' field shows both values and waits for a pick. */
  changed: Side | 'both';
}

/** The ids and the version a queued body carries beside its fields. */
const NOT_FIELDS = new Set(['id', 'id_product', 'id_customer', 'id_product_config', 'updated_at']);

/** The edited fields of a queued body. */
export const bodyFields = (body: object | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => !NOT_FIELDS.has(k)));

/** The ids of a queued body (kept as they are by a rebase). */
export const bodyIds = (body: object | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => NOT_FIELDS.has(k) && k !== 'updated_at'));

// A blank, null and a missing value are the same field to a person; 1 and '1' too.
const norm = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const same = (a: unknown, b: unknown) => norm(a) === norm(b);

/** The fields that differ between the three versions, in the order of the ancestor's keys, then the body's. */
export function threeWay(was: Record<string, unknown> | undefined, body: object | undefined, theirs: object): ConflictField[] {
  const mine = bodyFields(body);
  const server = theirs as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(mine)])].filter((k) => !NOT_FIELDS.has(k));
  const out: ConflictField[] = [];
  for (const key of keys) {
    const base = was?.[key];
    const m = key in mine ? mine[key] : base;
    const t = key in server ? server[key] : base;
    const iChanged = key in mine && (!was || !same(m, base));
    // Without an ancestor (an older entry), any difference from mine may be theirs: the user picks.
    const theyChanged = key in server && (was ? !same(t, base) : iChanged && !same(t, m));
    if (!iChanged && !theyChanged) continue;
    // Both at the same value (or, without an ancestor, mine as theirs already is): nothing to choose or send.
    if ((iChanged && theyChanged && same(m, t)) || (!was && same(m, t))) continue;
    out.push({ key, ...(was && { was: base }), mine: m, theirs: t, changed: iChanged && theyChanged ? 'both' : iChanged ? 'mine' : 'theirs' });
  }
  return out;
}

/** The fields the user must pick a side for. */
export const needsPick = (fields: readonly ConflictField[]) => fields.filter((f) => f.changed === 'both');

/**
 * What "Keep mine" sends: my changes that stand on top of theirs (a 'both' field as picked). Throws
 * when a field both changed has no pick: no default decides for the user.
 */
export function mergedFields(fields: readonly ConflictField[], picks: Readonly<Record<string, Side>>): Record<string, unknown> {
  const open = needsPick(fields).filter((f) => !picks[f.key]);
  if (open.length) throw new RuleError(`Choose which version to keep for: ${open.map((f) => f.key).join(', ')}.`);
  return Object.fromEntries(
    fields.filter((f) => f.changed === 'mine' || (f.changed === 'both' && picks[f.key] === 'mine')).map((f) => [f.key, f.mine]),
  );
}

/** Whether two views ask the same of the user: my fields and what theirs holds there (their other fields aside). */
export const sameChoice = (a: readonly ConflictField[], b: readonly ConflictField[]) => {
  const mineSide = (x: readonly ConflictField[]) => JSON.stringify(x.filter((f) => f.changed !== 'theirs').map((f) => [f.key, f.changed, norm(f.theirs)]));
  return mineSide(a) === mineSide(b);
};
