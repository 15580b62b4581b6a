// React hooks over the imagery mirror: the screens read these, never the network. The section's
// pulls run when it opens (and again on reconnect); useImageryLoad reports their progress for the
// loading popup of §4.
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import { toPending } from '../local/index.ts';
import { db, maxKey, minKey } from '../local/index.ts';
import type { BackgroundRow, FileListName, LayerRow, PresetRow, PresetSection, SectionFileRow } from '../local/index.ts';
import { fieldsOf } from '../local/index.ts';
import { imageryListOf, imageryProductOf, presetSectionOf } from '../pull/index.ts';
import { hasPulled, pullImageryList, SECTION_LISTS, siloFresh, type ImagerySection } from '../pull/index.ts';
import { isTemp } from '../local/index.ts';
import type { PendingEntry } from '../local/index.ts';

const byCreation = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : Math.abs(a.id) - Math.abs(b.id);

/** The section's presets, oldest first (new ones, still queued, at the end). */
export const usePresets = (pid: number, section: PresetSection): PresetRow[] | undefined =>
  useLiveQuery(async () => (await db().presets.where('[productId+section]').equals([pid, section]).toArray()).sort(byCreation), [pid, section]);

/** The studio's layers of the section, by angle. */
export const useLayers = (pid: number, section: PresetSection): LayerRow[] | undefined =>
  useLiveQuery(() => db().layers.where('[productId+section]').equals([pid, section]).sortBy('angle'), [pid, section]);

export const useSectionFiles = (pid: number, list: FileListName): SectionFileRow[] | undefined =>
  useLiveQuery(async () => (await db().sectionFiles.where('[productId+list]').equals([pid, list]).toArray()).sort(byCreation), [pid, list]);

export const useBackgrounds = (pid: number): BackgroundRow[] | undefined =>
  useLiveQuery(() => db().backgrounds.where('productId').equals(pid).sortBy('position'), [pid]);

/** The queued imagery changes of one product (its presets and uploads), oldest first. */
export interface ImageryPending extends PendingEntry {
  action: string;
  /** The section of a preset call (undefined for an upload). */
  section?: PresetSection;
  /** The preset a preset call is about (a temp id for a create). */
  presetId?: number;
}

export function useImageryOutbox(pid: number): ImageryPending[] {
  const rows = useLiveQuery(
    () => db().outbox.orderBy('id').filter((e) => !!imageryListOf(e.call) && imageryProductOf(e.call) === pid).toArray(),
    [pid],
    [],
  );
  return useMemo(() => rows.map((e) => {
    const preset = fieldsOf(e.call.body).id_product_config ?? fieldsOf(e.call.query).id_product_config ?? (e.creates?.kind === 'preset' ? e.creates.temp : undefined);
    return { ...toPending(e), action: e.action, section: presetSectionOf(e.call), presetId: preset === undefined ? undefined : Number(preset) };
  }), [rows]);
}

/** The entries of one user action still in the outbox (an upload batch's progress). */
export function useActionEntries(actionId: string | undefined): PendingEntry[] | undefined {
  // Tagged with the action it answers: after actionId changes, the live query keeps the previous
  // answer until the new one arrives, and an earlier [] would read as "done" for a moment.
  const r = useLiveQuery(
    async () => ({ actionId, entries: actionId ? (await db().outbox.where('action').equals(actionId).sortBy('id')).map(toPending) : [] }),
    [actionId],
  );
  return r && r.actionId === actionId ? r.entries : undefined;
}

export interface ImageryLoad {
  /** Lists answered (or failed: §8, failures are only logged) of `total`. */
  done: number;
  total: number;
  /** The section had never been pulled on this device when it opened (the popup is worth showing). */
  firstTime: boolean;
  finished: boolean;
}

/**
 * Pulls the section's lists when it opens and counts them for §4's loading popup (3 loads, 4 for
 * vignette). `online` re-runs them after a reconnect.
 */
export function useImageryLoad(cid: number, pid: number, section: ImagerySection, online: boolean): ImageryLoad {
  const names = SECTION_LISTS[section];
  const key = `${cid}:${pid}:${section}`;
  const [state, setState] = useState<ImageryLoad & { key: string }>({ key, done: 0, total: names.length, firstTime: false, finished: false });
  useEffect(() => {
    let live = true;
    const set = (f: (s: ImageryLoad & { key: string }) => ImageryLoad & { key: string }) => live && setState(f);
    set(() => ({ key, done: 0, total: names.length, firstTime: false, finished: false }));
    void (async () => {
      const seen = await hasPulled(pid, names).catch(() => false);
      set((s) => ({ ...s, firstTime: !seen }));
      await Promise.all(names.map((n) => pullImageryList(cid, pid, n).catch((err: unknown) => logBackgroundFailure(`Pull of ${n} failed`, err))
        .finally(() => set((s) => ({ ...s, done: s.done + 1 })))));
      set((s) => ({ ...s, finished: true }));
    })();
    return () => {
      live = false;
    };
    // names follows section
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);
  return state.key === key ? state : { done: 0, total: names.length, firstTime: false, finished: false };
}

/** Pulls every list of the given sections once (a product opened once can be browsed offline). */
export async function pullSections(cid: number, pid: number, sections: readonly ImagerySection[]): Promise<void> {
  const fresh = await siloFresh(pid);
  const names = [...new Set(sections.flatMap((s) => SECTION_LISTS[s]))].filter((n) => !(n === 'silo' && fresh));
  await Promise.all(names.map((n) => pullImageryList(cid, pid, n).catch((err: unknown) => logBackgroundFailure(`Pull of ${n} failed`, err))));
}

/** Reads every row a section shows, for prefetching their pictures. */
export async function sectionRows(pid: number) {
  const d = db();
  const [layers, files, backgrounds] = await Promise.all([
    d.layers.where('[productId+section]').between([pid, minKey], [pid, maxKey]).toArray(),
    d.sectionFiles.where('[productId+list]').between([pid, minKey], [pid, maxKey]).toArray(),
    d.backgrounds.where('productId').equals(pid).toArray(),
  ]);
  return { layers, files, backgrounds };
}

/** A preset's id that follows its create: a temp id becomes the server's once the create returns. */
export function useRealId(id: number | undefined): number | undefined {
  const real = useLiveQuery(async () => (id !== undefined && isTemp(id) ? (await db().idmap.get(id))?.real : undefined), [id]);
  return real ?? id;
}
