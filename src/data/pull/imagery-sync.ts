// Pulls document 3's lists of one product into Dexie: presets, layers, uploaded images and groups,
// videos, 3D files and vignette backgrounds. Each pull sends If-None-Match (a 304 costs nothing) and
// replaces the product's rows of that list, except rows an outbox entry holds (a queued edit or
// delete of a preset, an upload not yet sent), which only the outbox may change.
import type { Static } from '@sinclair/typebox';
import type { FileLink, Layer, UploadGroup, UploadedImage } from '../../api/contract/imagery-schemas.ts';
import { db } from '../local/index.ts';
import type { FileListName, ImageryListName, PresetRow, PresetSection, SectionFileRow } from '../local/index.ts';
import { getList } from '../local/index.ts';
import type { ListEntry } from '../local/index.ts';
import { tick, touchedSince } from '../local/index.ts';
import { isTemp } from '../local/index.ts';
import type { OutboxCall } from '../local/index.ts';
import { imageryListOf, imageryProductOf } from './imagery-commands.ts';

type Row = Record<string, unknown>;

interface ListDef {
  entry: ListEntry;
  /** Applies a 200 reply to the tables. */
  apply(cid: number, pid: number, reply: Row, started: number): Promise<void>;
}

const fromImage = (pid: number, list: FileListName) => (r: Static<typeof UploadedImage>): SectionFileRow => ({
  productId: pid, list, id: r.id, paths: [r.photo], name: r.name, created_at: r.created_at,
});
const fromGroup = (pid: number) => (r: Static<typeof UploadGroup>): SectionFileRow => ({
  productId: pid, list: '360', id: r.id, paths: r.photo, name: `Upload ${r.id}`, created_at: r.created_at,
});
const fromFile = (pid: number, list: FileListName) => (r: Static<typeof FileLink>): SectionFileRow => ({
  productId: pid, list, id: r.id, paths: [r.link], name: r.name, extension: r.extension, created_at: r.created_at,
});

/** Replaces a product's rows of one file list; queued uploads (temp ids, pending Blobs) stay. */
export async function putFileList(pid: number, list: FileListName, rows: SectionFileRow[]): Promise<void> {
  const d = db();
  await d.transaction('rw', d.sectionFiles, async () => {
    const coll = d.sectionFiles.where('[productId+list]').equals([pid, list]);
    await coll.filter((r) => !isTemp(r.id) && !r.pendingBlobs?.length).delete();
    const kept = new Set((await coll.primaryKeys()).map((k) => k[2]));
    await d.sectionFiles.bulkPut(rows.filter((r) => !kept.has(r.id)));
  });
}

function fileList<T>(list: FileListName, entry: ListEntry, field: string, map: (pid: number) => (r: T) => SectionFileRow): ListDef {
  return { entry, apply: (_cid, pid, reply) => putFileList(pid, list, ((reply[field] ?? []) as T[]).map(map(pid))) };
}

async function applyPresets(section: PresetSection, pid: number, rows: Row[], started: number) {
  const d = db();
  await d.transaction('rw', [d.presets, d.outbox], async () => {
    const pending = new Set((await d.outbox.toArray()).flatMap((e) => e.entities));
    const held = (id: number) => isTemp(id) || pending.has(`preset:${id}`) || touchedSince(`preset:${id}`, started);
    const coll = d.presets.where('[productId+section]').equals([pid, section]);
    const incoming = new Set(rows.map((r) => r.id as number));
    await coll.filter((p) => !held(p.id) && !incoming.has(p.id)).delete();
    await d.presets.bulkPut(rows.filter((r) => !held(r.id as number)).map((r) => presetFromServer(section, pid, r)));
  });
}

/** A preset row as the server answers it (lists and store/edit replies), in local form. */
export function presetFromServer(section: PresetSection, pid: number, r: Row): PresetRow {
  const { id_product_config: _a, id_product: _b, ...rest } = r;
  return { ...(rest as unknown as PresetRow), productId: pid, section };
}

async function applyLayers(section: PresetSection, pid: number, rows: Static<typeof Layer>[]) {
  const d = db();
  await d.transaction('rw', d.layers, async () => {
    await d.layers.where('[productId+section]').equals([pid, section]).delete();
    await d.layers.bulkPut(rows.map(({ updated_at: _u, ...l }) => ({ ...l, productId: pid, section })));
  });
}

/** Each section's contract group (its preset and layer lists). */
const PRESET_GROUP = { silo: 'silo', vignette: 'vignette', '360': 'spin360' } as const satisfies Record<PresetSection, string>;

const presetLists = (s: PresetSection): Record<string, ListDef> => ({
  [`presets-${s}`]: {
    entry: `${PRESET_GROUP[s]}.show`,
    apply: (_c, pid, reply, started) => applyPresets(s, pid, (reply[`product_config_${s}`] ?? []) as Row[], started),
  },
  [`layers-${s}`]: {
    entry: `${PRESET_GROUP[s]}.images`,
    apply: (_c, pid, reply) => applyLayers(s, pid, (reply.images_automation ?? []) as Static<typeof Layer>[]),
  },
});

const LISTS: Record<ImageryListName, ListDef> = {
  ...(presetLists('silo') as Record<`presets-silo` | `layers-silo`, ListDef>),
  ...(presetLists('vignette') as Record<`presets-vignette` | `layers-vignette`, ListDef>),
  ...(presetLists('360') as Record<`presets-360` | `layers-360`, ListDef>),
  // Silo has no list call of its own: its uploads come with the product (GET /gets/product).
  silo: {
    entry: 'products.get',
    apply: (_c, pid, reply) => putFileList(pid, 'silo', (((reply.product as Row | undefined)?.images_uploaded ?? []) as Static<typeof UploadedImage>[]).map(fromImage(pid, 'silo'))),
  },
  vignette: fileList('vignette', 'imagery.uploadedVignette', 'images_uploaded', (pid) => fromImage(pid, 'vignette')),
  '360': fileList('360', 'imagery.uploaded360', 'images_uploaded', fromGroup),
  videos: fileList('videos', 'imagery.uploadedVideos', 'files', (pid) => fromFile(pid, 'videos')),
  '3dfiles': fileList('3dfiles', 'imagery.uploaded3dFiles', 'files', (pid) => fromFile(pid, '3dfiles')),
  'studio-videos': fileList('studio-videos', 'imagery.automationVideos', 'files', (pid) => fromFile(pid, 'studio-videos')),
  'studio-3dfiles': fileList('studio-3dfiles', 'imagery.automation3dFiles', 'files', (pid) => fromFile(pid, 'studio-3dfiles')),
  backgrounds: {
    entry: 'vignette.backgrounds',
    async apply(_c, pid, reply) {
      const d = db();
      const paths = (reply.backgrounds ?? []) as string[];
      await d.transaction('rw', d.backgrounds, async () => {
        await d.backgrounds.where('productId').equals(pid).delete();
        await d.backgrounds.bulkPut(paths.map((path, position) => ({ productId: pid, position, path })));
      });
    },
  },
};

/** The lists each section shows, in the order the loading popup counts them (§4: 3, vignette 4). */
export const SECTION_LISTS = {
  silo: ['presets-silo', 'layers-silo', 'silo'],
  vignette: ['presets-vignette', 'layers-vignette', 'vignette', 'backgrounds'],
  '360': ['presets-360', 'layers-360', '360'],
  video: ['studio-videos', 'videos'],
  '3d-files': ['studio-3dfiles', '3dfiles'],
} as const satisfies Record<string, readonly ImageryListName[]>;
export type ImagerySection = keyof typeof SECTION_LISTS;

const metaKey = (name: string, pid: number) => `imagery:${name}:${pid}`;

/**
 * The silo uploads come with GET /gets/product, which the product screen has just pulled for Info:
 * that pull marks the list fresh, so the section's warm-up a moment later does not ask again.
 */
const SILO_FRESH_MS = 60_000;
export async function markSiloPulled(pid: number): Promise<void> {
  await db().meta.put({ key: metaKey('silo', pid), at: Date.now() });
}
export async function siloFresh(pid: number): Promise<boolean> {
  return Date.now() - ((await db().meta.get(metaKey('silo', pid)))?.at ?? 0) < SILO_FRESH_MS;
}

/** One list of one product from the server into Dexie (a 304 leaves it as it is). */
export async function pullImageryList(cid: number, pid: number, name: ImageryListName): Promise<void> {
  const def = LISTS[name];
  const d = db();
  const key = metaKey(name, pid);
  const meta = await d.meta.get(key);
  const started = tick();
  const r = await getList<Row>(def.entry, { id_product: pid, id_customer: cid }, meta?.etag);
  if (r.status === 200) await def.apply(cid, pid, r.data ?? {}, started);
  await d.meta.put({ key, etag: r.etag, at: Date.now() });
}

/** Whether a list of this product has been pulled on this device (the section then opens at once). */
export async function hasPulled(pid: number, names: readonly ImageryListName[]): Promise<boolean> {
  const metas = await db().meta.bulkGet(names.map((n) => metaKey(n, pid)));
  return metas.every((m) => !!m);
}

/** After a discard: pull again the lists the discarded calls touched (their server truth). */
export async function refetchImagery(cid: number, calls: OutboxCall[]): Promise<void> {
  const names = new Map<string, { pid: number; name: ImageryListName }>();
  for (const c of calls) {
    const pid = imageryProductOf(c);
    const name = imageryListOf(c);
    if (name && pid && pid > 0) names.set(`${name}:${pid}`, { pid, name });
  }
  for (const { pid, name } of names.values()) {
    await db().meta.delete(metaKey(name, pid));
    await pullImageryList(cid, pid, name).catch(() => undefined);
  }
}
