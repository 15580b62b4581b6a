// What a successful imagery command does locally (command-replies.ts, inside outbox-apply.ts's
// transaction): a preset takes the server's row (or, with more of our edits queued, its updated_at,
// on which those edits are then based); an uploaded file replaces its pending row; a 360 group's
// temp id becomes the server's.
import type { FacetDb } from '../local/index.ts';
import type { Done } from './done.ts';
import type { PresetSection, SectionFileRow } from '../local/index.ts';
import { PRESET_COMMANDS, type UPLOAD_COMMANDS, type UploadList } from '../pull/index.ts';
import { presetFromServer } from '../pull/index.ts';
import { entityId, entityKind } from '../local/index.ts';

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

type PresetSave = (typeof PRESET_COMMANDS)[PresetSection]['store' | 'edit'];
type Upload = (typeof UPLOAD_COMMANDS)[UploadList];

/** A saved preset (store or edit) of this section: the server's row, or its version under our queued edits. */
export const presetSaved = (section: PresetSection) => async ({ d, call, entities, reply }: Done<PresetSave>) => {
  const entity = entities.find((x) => entityKind(x) === 'preset');
  if (!entity) return;
  const id = entityId(entity);
  const server = reply.preset as unknown as Row;
  const updatedAt = reply.preset.updated_at;
  const later = await d.outbox.where('entities').equals(entity).toArray();
  // Our own change moved the server's row: the edits queued after it are based on the new version.
  for (const l of later) if (PRESET_EDITS.has(l.call.command)) await d.outbox.update(l.id!, { base: updatedAt });
  const row = await d.presets.get(id);
  if (!row) return; // deleted here meanwhile; the delete is queued
  const kept = { ...row, updated_at: updatedAt, version: reply.preset.version, number: reply.preset.number };
  await d.presets.put(later.length ? kept : presetFromServer(section, call.body!.id_product, server));
};
const PRESET_EDITS = new Set<string>(Object.values(PRESET_COMMANDS).map((c) => c.edit));

/** A file uploaded to one of the product screen's lists: it replaces its pending row (a 360 photo joins its group). */
export const uploadStored = (list: UploadList) => async ({ d, call, reply }: Done<Upload>) => {
  const blobId = call.upload!.blobId;
  const pid = call.body!.id_product;
  const path = reply.path_image;
  const rows = await d.sectionFiles.where('[productId+list]').equals([pid, list]).filter((r) => !!r.pendingBlobs?.includes(blobId)).toArray();
  for (const row of rows) {
    const pendingBlobs = row.pendingBlobs!.filter((b) => b !== blobId);
    if (list === '360') {
      await d.sectionFiles.put({ ...row, paths: [...row.paths, path], pendingBlobs });
      continue;
    }
    await d.sectionFiles.delete([pid, list, row.id]);
    const done: SectionFileRow = {
      productId: pid, list, id: reply.id, paths: [path], name: row.name, created_at: row.created_at,
      ...((list === 'videos' || list === '3dfiles') && { extension: path.split('.').pop() }),
    };
    await d.sectionFiles.put(done);
  }
};

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
