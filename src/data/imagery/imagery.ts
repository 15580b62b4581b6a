// Document 3 §4 writes: preset save (create when new, update otherwise) and delete, and uploads.
// Each changes Dexie at once and queues its calls as one user action (one pending change):
// - a new preset gets a temp id that the create's reply replaces;
// - an edit carries the updated_at it was based on (409 → mine or theirs, like product Info);
// - an upload batch goes one file at a time, each waiting for the one before, so the batch stops at
//   the first failure (§4); a 360 batch first asks for a new group (folder), whose id is a temp id
//   until then.
import { db } from '../local/index.ts';
import type { PresetRow, PresetSection, PresetValues } from '../local/index.ts';
import type { OutboxCall } from '../local/index.ts';
import { PRESET_COMMANDS, UPLOAD_COMMANDS, type UploadList } from '../pull/index.ts';
import { presetErrors, presetKeys } from '../../api/contract/rules/preset.ts';
import { refuseBroken } from '../local/index.ts';
import { inAction } from '../local/index.ts';
import { enqueue, kick, type Draft } from '../outbox/index.ts';
import { touch } from '../local/index.ts';
import { newTempId } from '../local/index.ts';
import type { Scalar } from '../local/index.ts';

export { presetKeys };
export type { UploadList };

/** The section's fields of a values object (the bg_ ones only for vignette). */
export function presetFields(section: PresetSection, v: PresetValues): Record<string, Scalar> {
  return Object.fromEntries(presetKeys(section).map((k) => [k, v[k]]));
}

export interface Who {
  customerId: number;
  productId: number;
  /** What the pending-changes panel calls the product ('ACM-1005'). */
  productLabel: string;
}

const SECTION_LABEL: Record<PresetSection, string> = { silo: 'Silo Image', vignette: 'Vignette', '360': '360' };

export interface Queued {
  /** The user action (its entries leave the outbox as they reach the server). */
  actionId: string;
  /** The preset's id: a temp id after a create. */
  id: number;
}

/**
 * Save (§4): id 0 (or a temp id never sent) creates; otherwise the fields that differ from `base`
 * are sent, based on its updated_at. Resolves once the change is queued (not sent); undefined when
 * this user action was queued before (a second click).
 */
export async function savePreset(who: Who, section: PresetSection, values: PresetValues, base: PresetRow | undefined, actionId: string): Promise<Queued | undefined> {
  const d = db();
  const { customerId, productId } = who;
  const creating = !base || base.id === 0;
  const action = { id: actionId, label: `${creating ? 'Create' : 'Save'} ${SECTION_LABEL[section]} preset of ${who.productLabel}` };
  let id = base?.id ?? 0;
  const fields = presetFields(section, values);
  // The contract's preset rules (ranges, the background), as the server will check them.
  refuseBroken(presetErrors(section, fields));
  const done = await inAction(actionId, [d.presets], async () => {
    if (creating) {
      id = newTempId();
      // The next number, as the server gives it (its answer replaces it): the list's names never move.
      const siblings = await d.presets.where('[productId+section]').equals([productId, section]).toArray();
      const number = siblings.reduce((n, p) => Math.max(n, p.number), 0) + 1;
      await enqueue([{
        label: `Create a ${SECTION_LABEL[section]} preset`, entities: [`preset:${id}`], errorPrefix: 'Error: ',
        call: { command: PRESET_COMMANDS[section].store, body: { id_product: productId, id_customer: customerId, ...fields } },
        creates: { temp: id, kind: 'preset', from: 'id_product_config' },
      }], action);
      await d.presets.put({ ...values, ...fields, id, productId, section, number, created_at: new Date().toISOString() } as PresetRow);
    } else {
      const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => base[k as keyof PresetValues] !== v));
      await enqueue([{
        label: `Update a ${SECTION_LABEL[section]} preset`, entities: [`preset:${id}`], errorPrefix: 'Error: ',
        base: base.updated_at,
        // The settings as this edit found them: what a conflict's merge compares both sides with.
        was: Object.fromEntries(Object.keys(fields).map((k) => [k, base[k as keyof PresetValues]])),
        call: { command: PRESET_COMMANDS[section].edit, body: { id_product_config: id, id_product: productId, id_customer: customerId, ...changed } },
      }], action);
      await d.presets.put({ ...base, ...(fields as Partial<PresetRow>) });
    }
    touch([`preset:${id}`]);
    return true;
  });
  if (!done) return undefined;
  kick();
  return { actionId, id };
}

/** Delete (§4, after the screen's confirmation): the row goes at once; the call follows. */
export async function deletePreset(who: Who, section: PresetSection, id: number, actionId: string): Promise<Queued | undefined> {
  const d = db();
  const action = { id: actionId, label: `Delete ${SECTION_LABEL[section]} preset of ${who.productLabel}` };
  const done = await inAction(actionId, [d.presets], async () => {
    await enqueue([{
      label: `Delete a ${SECTION_LABEL[section]} preset`, entities: [`preset:${id}`], errorPrefix: 'Error: ',
      call: { command: PRESET_COMMANDS[section].remove, query: { id_product_config: id, id_product: who.productId, id_customer: who.customerId } },
    }], action);
    await d.presets.delete(id);
    touch([`preset:${id}`]);
    return true;
  });
  if (!done) return undefined;
  kick();
  return { actionId, id };
}

const UPLOAD_WHAT: Record<UploadList, [string, string]> = {
  silo: ['image', 'Silo Image'], vignette: ['image', 'Vignette'], '360': ['image', '360'], videos: ['video', 'Video'], '3dfiles': ['file', '3D Files'],
};

const fileName = (f: Blob, i: number) => (f as File).name || `upload-${i + 1}`;

/**
 * Queues the files of one upload, one call per file, each after the one before. The files show at
 * once as pending rows (a 360 batch as one new group). Resolves to the action to follow (no entries:
 * this user action was queued before).
 */
export async function queueUploads(who: Who, list: UploadList, files: Blob[], actionId: string): Promise<{ actionId: string; entries: number[] }> {
  const d = db();
  const [what, where] = UPLOAD_WHAT[list];
  const n = files.length;
  const action = { id: actionId, label: `Upload ${n} ${what}${n === 1 ? '' : 's'} to ${where} of ${who.productLabel}` };
  const base = { id_product: who.productId, id_customer: who.customerId };
  const now = new Date().toISOString();
  let entries: number[] = [];
  await inAction(actionId, [d.sectionFiles, d.blobs], async () => {
    const blobs: number[] = [];
    for (const [i, f] of files.entries()) blobs.push(await d.blobs.add({ blob: f, name: fileName(f, i) }));
    const drafts: Draft[] = [];
    // One entity per batch chains its calls (each depends on the one before), and only them.
    let chain = `uploadBatch:${newTempId()}`;
    const group = newTempId();
    // A 360 photo goes into the batch's new group (a temp id until the group's create returns).
    const upload = (blobId: number): OutboxCall => (list === '360'
      ? { command: UPLOAD_COMMANDS[list], body: { ...base, id_folder: group }, upload: { blobId } }
      : { command: UPLOAD_COMMANDS[list], body: base, upload: { blobId } });
    if (list === '360') {
      chain = `uploadGroup:${group}`;
      drafts.push({
        label: 'Create a 360 upload group', entities: [chain],
        call: { command: 'imageryUploads.newGroup360', query: base },
        creates: { temp: group, kind: 'uploadGroup', from: 'new_id' },
      });
      await d.sectionFiles.put({ productId: who.productId, list, id: group, paths: [], name: 'New upload', created_at: now, pendingBlobs: blobs });
    } else {
      for (const [i, blobId] of blobs.entries()) {
        await d.sectionFiles.put({ productId: who.productId, list, id: newTempId(), paths: [], name: fileName(files[i]!, i), created_at: now, pendingBlobs: [blobId] });
      }
    }
    drafts.push(...blobs.map((blobId, i): Draft => ({
      label: `Upload ${fileName(files[i]!, i)}`, entities: [chain],
      call: upload(blobId),
    })));
    entries = await enqueue(drafts, action);
  });
  kick();
  return { actionId, entries };
}
