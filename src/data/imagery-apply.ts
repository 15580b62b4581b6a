// What a successful imagery call does locally (called by outbox-apply.ts inside its transaction):
// a preset takes the server's row (or, with more of our edits queued, its updated_at, on which those
// edits are then based); an uploaded file replaces its pending row; a 360 group's temp id becomes
// the server's.
import type { FacetDb } from './db.ts';
import type { FileListName, PresetSection, SectionFileRow } from './imagery-types.ts';
import { listOfPath, presetFromServer } from './imagery-sync.ts';
import { entityId, entityKind } from './tempids.ts';
import type { OutboxEntry } from './types.ts';

type Row = Record<string, unknown>;

export async function rekeyImagery(d: FacetDb, kind: 'preset' | 'uploadGroup', temp: number, real: number): Promise<void> {
  if (kind === 'preset') {
    const row = await d.presets.get(temp);
    if (!row) return;
    await d.presets.delete(temp);
    await d.presets.put({ ...row, id: real });
    return;
  }
  for (const row of await d.sectionFiles.filter((r) => r.id === temp).toArray()) {
    await d.sectionFiles.delete([row.productId, row.list, temp]);
    const existing = await d.sectionFiles.get([row.productId, row.list, real]);
    await d.sectionFiles.put({ ...row, id: real, paths: [...(existing?.paths ?? []), ...row.paths] });
  }
}

export async function applyImagerySuccess(d: FacetDb, e: OutboxEntry, entities: string[], reply: unknown): Promise<void> {
  const preset = entities.find((x) => entityKind(x) === 'preset');
  const server = (reply as { preset?: Row } | undefined)?.preset;
  if (preset && server && e.call.method !== 'DELETE') await settlePreset(d, e, preset, server);
  const list = listOfPath(e.call.path);
  if (e.call.upload && list) await settleUpload(d, e, list as FileListName, reply as Row);
}

async function settlePreset(d: FacetDb, e: OutboxEntry, entity: string, server: Row) {
  const section = /\/automation\/(silo|vignette|360)\//.exec(e.call.path)?.[1] as PresetSection | undefined;
  if (!section) return;
  const id = entityId(entity);
  const updatedAt = server.updated_at as string;
  const later = await d.outbox.where('entities').equals(entity).toArray();
  // Our own change moved the server's row: the edits queued after it are based on the new version.
  for (const l of later) if (l.call.method === 'PUT') await d.outbox.update(l.id!, { base: updatedAt });
  const row = await d.presets.get(id);
  if (!row) return; // deleted here meanwhile; the delete is queued
  const pid = Number(e.call.body?.id_product);
  await d.presets.put(later.length ? { ...row, updated_at: updatedAt, version: server.version as number } : presetFromServer(section, pid, server));
}

async function settleUpload(d: FacetDb, e: OutboxEntry, list: FileListName, reply: Row) {
  const blobId = e.call.upload!.blobId;
  const pid = Number(e.call.body?.id_product);
  const path = reply.path_image as string;
  const rows = await d.sectionFiles.where('[productId+list]').equals([pid, list]).filter((r) => !!r.pendingBlobs?.includes(blobId)).toArray();
  for (const row of rows) {
    const pendingBlobs = row.pendingBlobs!.filter((b) => b !== blobId);
    if (list === '360') {
      await d.sectionFiles.put({ ...row, paths: [...row.paths, path], pendingBlobs });
      continue;
    }
    await d.sectionFiles.delete([pid, list, row.id]);
    const done: SectionFileRow = {
      productId: pid, list, id: reply.id as number, paths: [path], name: row.name, created_at: row.created_at,
      ...((list === 'videos' || list === '3dfiles') && { extension: path.split('.').pop() }),
    };
    await d.sectionFiles.put(done);
  }
}

/** A discarded upload: its Blob leaves the pending rows (a file's row goes; an empty new group too). */
export async function dropPendingUpload(d: FacetDb, blobId: number): Promise<void> {
  for (const row of await d.sectionFiles.filter((r) => !!r.pendingBlobs?.includes(blobId)).toArray()) {
    const pendingBlobs = row.pendingBlobs!.filter((b) => b !== blobId);
    if (row.list !== '360' || (!row.paths.length && !pendingBlobs.length)) await d.sectionFiles.delete([row.productId, row.list, row.id]);
    else await d.sectionFiles.put({ ...row, pendingBlobs });
  }
}

/** A discarded create: its temp row goes. */
export async function dropImageryTemp(d: FacetDb, kind: 'preset' | 'uploadGroup', temp: number): Promise<void> {
  if (kind === 'preset') await d.presets.delete(temp);
  else await d.sectionFiles.filter((r) => r.id === temp).delete();
}
