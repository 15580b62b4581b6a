// Catalogue filters in the URL (deep links): a copied address opens the same view, back and forward
// step through filter changes, and the default view is a clean URL (no parameter for a default).
// Pure both ways, so the round trip is unit-tested. Other parameters (section) are kept as they are.
//   q=oslo  id=12  collection=nordic  date=last-month | from=2024-01-01&to=2024-03-31
//   visibility=private|public  automation=sent|not-sent  ambients=3,7  size=small|big
//   sort=name|-name|sku|-sku|created|-created|updated|-updated (none: best match, then newest)
import { isoDay, PRESETS, presetRange, type Preset } from '../calendar/presets.ts';
import { cleanId, defaultFilters, SORT_OPTIONS, type FilterState, type ThumbSize } from './catalog-rules.ts';

export const FILTER_PARAMS = [
  'q',
  'id',
  'collection',
  'date',
  'from',
  'to',
  'visibility',
  'automation',
  'ambients',
  'size',
  'sort',
] as const;

const VISIBILITY = { private: 0, public: 1 } as const;
const AUTOMATION = { sent: 1, 'not-sent': 2 } as const;
const SIZES: readonly ThumbSize[] = ['small', 'medium', 'big'];

const day = (v: string | null): Date | null => {
  const m = v && /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
};

const keyOf = <T extends Record<string, number>>(map: T, v: number) => Object.entries(map).find(([, n]) => n === v)?.[0];

/** Whether two addresses name the same filters, whatever their other parameters (section). */
export function sameFilterParams(a: URLSearchParams, b: URLSearchParams): boolean {
  return FILTER_PARAMS.every((k) => a.getAll(k).join('\n') === b.getAll(k).join('\n'));
}

/** The filters a URL names; anything missing or malformed is the default. */
export function filtersFromParams(p: URLSearchParams, today = new Date()): FilterState {
  const f = defaultFilters(today);
  f.text = p.get('q') ?? '';
  f.id = cleanId(p.get('id') ?? '');
  f.collection = p.get('collection') ?? '';
  const preset = p.get('date');
  const from = day(p.get('from'));
  const to = day(p.get('to'));
  if (from && to) {
    f.preset = 'custom';
    f.range = from <= to ? { from, to } : { from: to, to: from };
  } else if (preset && (PRESETS as readonly string[]).includes(preset)) {
    f.preset = preset as Preset;
    f.range = presetRange(preset as Preset, today);
  }
  const vis = p.get('visibility');
  if (vis && vis in VISIBILITY) f.visibility = VISIBILITY[vis as keyof typeof VISIBILITY];
  const auto = p.get('automation');
  if (auto && auto in AUTOMATION) f.automation = AUTOMATION[auto as keyof typeof AUTOMATION];
  f.ambients = [
    ...new Set(
      (p.get('ambients') ?? '')
        .split(',')
        .filter((x) => /^\d{1,9}$/.test(x))
        .map(Number),
    ),
  ];
  const size = p.get('size') as ThumbSize | null;
  if (size && SIZES.includes(size)) f.size = size;
  const sort = SORT_OPTIONS.find((o) => o.value && o.value === p.get('sort'));
  if (sort) f.sort = sort.value;
  return f;
}

/** The URL parameters for filters: `base` with the filter parameters replaced (defaults left out). */
export function filtersToParams(f: FilterState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const p = new URLSearchParams(base);
  for (const k of FILTER_PARAMS) p.delete(k);
  const d = defaultFilters();
  if (f.text) p.set('q', f.text);
  if (f.id) p.set('id', f.id);
  if (f.collection) p.set('collection', f.collection);
  if (f.preset === 'custom') {
    p.set('from', isoDay(f.range.from));
    p.set('to', isoDay(f.range.to));
  } else if (f.preset !== d.preset) p.set('date', f.preset);
  const vis = keyOf(VISIBILITY, f.visibility);
  if (vis) p.set('visibility', vis);
  const auto = keyOf(AUTOMATION, f.automation);
  if (auto) p.set('automation', auto);
  if (f.ambients.length) p.set('ambients', f.ambients.join(','));
  if (f.size !== d.size) p.set('size', f.size);
  if (f.sort) p.set('sort', f.sort);
  return p;
}

/** Typing in a text box is one history step per box: its later keystrokes replace that entry. */
export type FilterChange = { kind: 'typing'; field: 'text' | 'id' | 'collection' } | { kind: 'choice' };

export function changeOf(before: FilterState, after: FilterState): FilterChange {
  const fields = (['text', 'id', 'collection'] as const).filter((k) => before[k] !== after[k]);
  const others = (Object.keys(after) as (keyof FilterState)[]).filter(
    (k) => !['text', 'id', 'collection'].includes(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return fields.length === 1 && !others.length ? { kind: 'typing', field: fields[0]! } : { kind: 'choice' };
}

/**
 * The addresses a screen wrote that the router has not shown yet, oldest first. Under load the router
 * can show an earlier write after a later one was made ("q=os" after "q=osl" was written): that is the
 * screen's own past, not a navigation, and must not set the filters back (a typed key was lost).
 */
export class OwnWrites {
  private pending: string[] = [];

  wrote(address: string): void {
    this.pending.push(address);
    if (this.pending.length > 20) this.pending.shift();
  }

  /** Whether an address the router shows is one of ours; it and the writes before it are then done. */
  arrived(address: string): boolean {
    const i = this.pending.indexOf(address);
    if (i < 0) return false;
    this.pending.splice(0, i + 1);
    return true;
  }

  /** A navigation not ours (Back, a link) supersedes what is still on its way. */
  clear(): void {
    this.pending = [];
  }
}
