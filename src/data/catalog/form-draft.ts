// An edit form's draft on this device (issue 43): what was typed and not yet saved, one `drafts` row
// per form and record, keyed by user, company, form and id, so a reload (the company switch's too)
// finds it. Files in the value (a logo, a technical file) are kept once each in `draftFiles` and
// referred to by id, as the batch forms do (drafts.ts), so a keystroke never rewrites a picture.
import { db } from '../local/index.ts';

/** `form:<user>:<company>:<form>:<id>`; the public registration wizard is user 0, company 0. */
export const formDraftKey = (user: number, company: number, form: string, id: string | number = 0) =>
  `form:${user}:${company}:${form}:${id}`;

export interface FormDraft<T> {
  value: T;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

interface FileRef {
  $draftFile: number;
}
const isRef = (v: unknown): v is FileRef => typeof v === 'object' && v !== null && '$draftFile' in v;

/** Each File's id in `draftFiles`, by draft: a file already stored is not stored again. */
const stored = new WeakMap<Blob, { key: string; id: number }>();

/** The value with each File (or Blob) replaced by `map`'s answer; plain objects and arrays only. */
function mapFiles(v: unknown, map: (b: Blob) => unknown): unknown {
  if (v instanceof Blob) return map(v);
  if (Array.isArray(v)) return v.map((x) => mapFiles(x, map));
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapFiles(x, map)]));
  return v;
}

function restoreFiles(v: unknown, files: Map<number, File>): unknown {
  if (isRef(v)) return files.get(v.$draftFile);
  if (Array.isArray(v)) return v.map((x) => restoreFiles(x, files));
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, restoreFiles(x, files)]));
  return v;
}

export async function readFormDraft<T>(key: string): Promise<FormDraft<T> | undefined> {
  const d = db();
  return d.transaction('r', [d.drafts, d.draftFiles], async () => {
    const row = await d.drafts.get(key);
    if (!row) return undefined;
    const files = new Map<number, File>();
    for (const f of await d.draftFiles.where('draft').equals(key).toArray()) {
      const file = f.blob instanceof File && f.blob.name === f.name ? f.blob : new File([f.blob], f.name, { type: f.type || f.blob.type });
      stored.set(file, { key, id: f.id! });
      files.set(f.id!, file);
    }
    return { value: restoreFiles(row.value, files) as T, savedAt: row.updatedAt };
  });
}

/** Writes the draft, its new files once, and forgets the files it no longer holds, in one transaction. */
export async function writeFormDraft(key: string, value: unknown): Promise<void> {
  const d = db();
  let added: [Blob, number][] = [];
  // A top-level transaction: db.ts makes it quota-aware (cached images give way and it runs again).
  await d.transaction('rw', [d.drafts, d.draftFiles], async () => {
    added = [];
    const ids = new Map<Blob, number>();
    const blobs: Blob[] = [];
    mapFiles(value, (b) => blobs.push(b));
    const existing = await d.draftFiles.where('draft').equals(key).primaryKeys();
    for (const b of blobs) {
      const known = stored.get(b);
      if (known?.key === key && existing.includes(known.id)) ids.set(b, known.id);
      else if (!ids.has(b)) {
        const id = await d.draftFiles.add({ draft: key, blob: b, name: b instanceof File ? b.name : 'file', type: b.type });
        added.push([b, id]);
        ids.set(b, id);
      }
    }
    const kept = new Set(ids.values());
    const old = existing.filter((id) => !kept.has(id));
    if (old.length) await d.draftFiles.bulkDelete(old);
    await d.drafts.put({ key, value: mapFiles(value, (b) => ({ $draftFile: ids.get(b)! })), updatedAt: Date.now() });
  });
  // Only once committed: an aborted try stored nothing.
  for (const [b, id] of added) stored.set(b, { key, id });
}

/** Saved or discarded: the draft and its files go. */
export async function dropFormDraft(key: string): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.drafts, d.draftFiles], async () => {
    await d.drafts.delete(key);
    await d.draftFiles.where('draft').equals(key).delete();
  });
}
