// The live channel's hooks for the screens (issue 44): a screen says what it has open (its reads are
// pulled again on a poke), and reads who changed a row, a job's progress, who else is here.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { LiveActor, LiveKind } from '../../api/contract/live.ts';
import type { ImageryListName } from '../local/index.ts';
import { SECTION_LISTS, type ImagerySection } from '../pull/index.ts';
import { actorOf, openScreen, presenceOf, progressOf, subscribeLive, tickOf } from './live-state.ts';
import { holdPresence } from './presence.ts';
import { pageOf } from './wire.ts';

/** The product page: its Info and its sections' imagery lists are pulled when a poke names them. */
export function useLiveProduct(cid: number | undefined, pid: number | undefined, sections: readonly ImagerySection[]): void {
  const lists = sections.flatMap((s) => SECTION_LISTS[s]).join(',');
  useEffect(() => {
    if (cid === undefined || pid === undefined || pid < 0) return;
    return openScreen('products', { cid, pid, imagery: lists ? (lists.split(',') as ImageryListName[]) : [] });
  }, [cid, pid, lists]);
}

export function useLiveRound(cid: number, roundId: number): void {
  useEffect(() => openScreen('rounds', { cid, roundId }), [cid, roundId]);
}

export function useLiveDashboard(cid: number | null, lastRegistered: boolean): void {
  useEffect(() => (cid === null ? undefined : openScreen('dashboards', { cid, lastRegistered })), [cid, lastRegistered]);
}

export function useLivePeople(cid: number | null, manages: boolean): void {
  useEffect(() => (cid === null || !manages ? undefined : openScreen('people', { cid })), [cid, manages]);
}

/** Who last changed this row, by the pokes heard in this tab (undefined: nobody since the page opened). */
export function useChangedBy(kind: LiveKind, id: number | string | undefined) {
  return useSyncExternalStore(subscribeLive, () => (id === undefined ? undefined : actorOf(kind, id)));
}

/** An export's or a frame set's progress as the live channel last said it. */
export function useJobProgress(job: 'export' | 'frames', id: number | string | undefined) {
  return useSyncExternalStore(subscribeLive, () => (id === undefined ? undefined : progressOf(job, id)));
}

/** Counts the pulls for a kind's pokes: a read outside the mirror (the Downloads panel) reads again when it moves. */
export const useLiveTick = (kind: LiveKind) => useSyncExternalStore(subscribeLive, () => tickOf(kind));

const NOBODY: LiveActor[] = [];

/**
 * Holds this page's presence while it is mounted and gives the other people who have it open now (the
 * signed-in user left out).
 */
export function usePresence(company: number | null, kind: 'product' | 'review', id: number | undefined, me: number): LiveActor[] {
  const page = id === undefined ? undefined : pageOf(kind, id);
  useEffect(() => (company === null || page === undefined || (id ?? -1) < 0 ? undefined : holdPresence(company, page)), [company, page, id]);
  const people = useSyncExternalStore(subscribeLive, () => (company === null || !page ? NOBODY : (presenceOf(company, page) ?? NOBODY)));
  return useMemo(() => people.filter((p) => p.id !== me), [people, me]);
}
