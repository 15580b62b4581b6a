// What a poke of each kind makes a tab pull (issue 44): the mirror's lists by their names in
// src/data/pull/sync-lists.ts (pulled always), and the reads of what a screen has open (the product's
// Info and imagery lists, the dashboard, a review round, the people and roles, the exports panel), pulled
// only while that screen is open. Pure, so unit-tested.
import type { LiveKind } from '../../api/contract/live.ts';
import type { ImageryListName } from '../local/index.ts';

export type PeopleList = 'people' | 'roles';

export interface PullPlan {
  /** Names of the mirror's lists (LISTS of sync-lists.ts). */
  lists: string[];
  people: PeopleList[];
  /** The open product's Info (GET /gets/product: its blocks and files). */
  product: boolean;
  /** The open product's imagery lists. */
  imagery: ImageryListName[];
  dashboard: boolean;
  /** The open review round. */
  review: boolean;
  /** The open Downloads panels read their jobs again. */
  exports: boolean;
  /** The user's own permissions and account: menus and screens follow. */
  me: boolean;
}

const SECTIONS = ['silo', 'vignette', '360'] as const;
const PRESET_LISTS: ImageryListName[] = SECTIONS.flatMap((s) => [`presets-${s}`, `layers-${s}`] as const);
const UPLOAD_LISTS: ImageryListName[] = [
  ...SECTIONS.map((s) => `layers-${s}` as const),
  'silo',
  'vignette',
  '360',
  'videos',
  '3dfiles',
  'studio-videos',
  'studio-3dfiles',
  'backgrounds',
];

export const KIND_PULLS: Record<LiveKind, Partial<PullPlan>> = {
  // A product's tags feed the tag list; Last Registered is on the dashboard.
  products: { lists: ['products', 'tags'], product: true, dashboard: true },
  templates: { lists: ['templates'] },
  presets: { imagery: PRESET_LISTS },
  uploads: { imagery: UPLOAD_LISTS },
  exports: { exports: true },
  users: { people: ['people'] },
  // The people table names each person's role.
  roles: { people: ['roles', 'people'] },
  rounds: { dashboard: true, review: true },
  review: { review: true },
  savedViews: { lists: ['savedViews'] },
  me: { me: true },
};

/** The pulls for a set of kinds, each list once. */
export function planFor(kinds: Iterable<LiveKind>): PullPlan {
  const plan: PullPlan = { lists: [], people: [], product: false, imagery: [], dashboard: false, review: false, exports: false, me: false };
  for (const kind of kinds) {
    const p = KIND_PULLS[kind];
    plan.lists.push(...(p.lists ?? []));
    plan.people.push(...(p.people ?? []));
    plan.imagery.push(...(p.imagery ?? []));
    plan.product ||= !!p.product;
    plan.dashboard ||= !!p.dashboard;
    plan.review ||= !!p.review;
    plan.exports ||= !!p.exports;
    plan.me ||= !!p.me;
  }
  return { ...plan, lists: [...new Set(plan.lists)], people: [...new Set(plan.people)], imagery: [...new Set(plan.imagery)] };
}

/** Everything ('resync', or a catch-up after a gap). */
export const planForAll = (): PullPlan => planFor(Object.keys(KIND_PULLS) as LiveKind[]);
