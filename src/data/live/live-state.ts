// What the live channel keeps in memory for the screens (issue 44): which screens are open in this tab
// (their reads are pulled on a poke), who changed a row last ("Changed by … just now"), job progress
// (a tick needs no pull), who else has a page open (presence), a counter per kind for reads that are not
// in the mirror (the Downloads panel), and the connection's state.
import type { LiveActor, LiveEvent, LiveKind } from '../../api/contract/live.ts';
import type { ImageryListName } from '../local/index.ts';
import type { LinkState } from './tab-protocol.ts';

type Progress = Extract<LiveEvent, { type: 'progress' }>;

export interface OpenProduct {
  cid: number;
  pid: number;
  imagery: readonly ImageryListName[];
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};
export const subscribeLive = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** Screens open in this tab, by a token each registration gets (the same screen may be open twice). */
export const open = {
  products: new Map<symbol, OpenProduct>(),
  rounds: new Map<symbol, { cid: number; roundId: number }>(),
  dashboards: new Map<symbol, { cid: number; lastRegistered: boolean }>(),
  people: new Map<symbol, { cid: number }>(),
};

/** Registers an open screen; gives the function that forgets it. */
export function openScreen<K extends keyof typeof open>(kind: K, what: typeof open[K] extends Map<symbol, infer V> ? V : never) {
  const token = Symbol(kind);
  (open[kind] as Map<symbol, unknown>).set(token, what);
  return () => void open[kind].delete(token);
}

const lastBy = new Map<string, { by: LiveActor; at: number }>();
const progress = new Map<string, Progress>();
const presence = new Map<string, LiveActor[]>();
const ticks = new Map<LiveKind, number>();
let link: LinkState = 'connecting';

export const rowKey = (kind: LiveKind, id: number | string) => `${kind}:${id}`;
export const jobKey = (job: Progress['job'], id: number | string) => `${job}:${id}`;
export const pageKey = (company: number, page: string) => `${company}:${page}`;

/** A poke's actor for each row it names. */
export function noteActor(kind: LiveKind, ids: readonly (number | string)[], by: LiveActor, at: number) {
  for (const id of ids) lastBy.set(rowKey(kind, id), { by, at });
  changed();
}
export const actorOf = (kind: LiveKind, id: number | string) => lastBy.get(rowKey(kind, id));

export function noteProgress(p: Progress) {
  progress.set(jobKey(p.job, p.id), p);
  changed();
}
export const progressOf = (job: Progress['job'], id: number | string) => progress.get(jobKey(job, id));

export function notePresence(company: number, page: string, people: LiveActor[]) {
  presence.set(pageKey(company, page), people);
  changed();
}
export const presenceOf = (company: number, page: string) => presence.get(pageKey(company, page));

export function bump(kind: LiveKind) {
  ticks.set(kind, (ticks.get(kind) ?? 0) + 1);
  changed();
}
export const tickOf = (kind: LiveKind) => ticks.get(kind) ?? 0;

/** The connection's state, also on the page's root element (data-live) for tests and support. */
export function setLink(state: LinkState) {
  if (state === link) return;
  link = state;
  if (typeof document !== 'undefined') document.documentElement.dataset.live = state;
}

/** Sign-out or another company: nothing of the last one stays. */
export function forgetLive() {
  lastBy.clear();
  progress.clear();
  presence.clear();
  changed();
}
