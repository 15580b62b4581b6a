// An edit form's draft on the device (issue 43): its values and its files, each file stored once
// (a keystroke rewrites the small row only), a file taken out of the form leaves with it, and a
// dropped draft leaves nothing. On fake-indexeddb, as a reload would find it (openLocal again).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';
import { dropFormDraft, formDraftKey, readFormDraft, writeFormDraft } from '../../src/data/catalog/form-draft.ts';

let factory: IDBFactory;
const reload = () => openLocal({ name: 'form-drafts', indexedDB: factory, IDBKeyRange });
beforeEach(() => {
  factory = new IDBFactory();
  reload();
});

const key = formDraftKey(7, 12, 'product-info', 345);
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'application/pdf' });

describe('form drafts', () => {
  it('keys a draft by user, company, form and id', () => {
    expect(key).toBe('form:7:12:product-info:345');
    expect(formDraftKey(0, 0, 'register-customer')).toBe('form:0:0:register-customer:0');
  });

  it('keeps the values and each file once, over a reload', async () => {
    const spec = file('spec.pdf');
    await writeFormDraft(key, { draft: { name: 'Oak', newFiles: [spec] }, tagText: 'wal' });
    await writeFormDraft(key, { draft: { name: 'Oak chair', newFiles: [spec] }, tagText: 'walnut' });
    expect(await db().draftFiles.count()).toBe(1);
    reload();
    const found = await readFormDraft<{ draft: { name: string; newFiles: File[] }; tagText: string }>(key);
    expect(found?.value.draft.name).toBe('Oak chair');
    expect(found?.value.tagText).toBe('walnut');
    const [back] = found!.value.draft.newFiles;
    expect(back).toBeInstanceOf(File);
    expect(back!.name).toBe('spec.pdf');
    expect(new Uint8Array(await back!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(found!.savedAt).toBeGreaterThan(0);
    // The restored file written again is not stored again; a second one is.
    await writeFormDraft(key, { draft: { name: 'Oak chair', newFiles: [back, file('plan.dwg')] }, tagText: '' });
    expect(await db().draftFiles.count()).toBe(2);
  });

  it('forgets a file taken out of the form, and everything once dropped', async () => {
    const a = file('a.pdf');
    const b = file('b.pdf');
    await writeFormDraft(key, { files: [a, b] });
    await writeFormDraft(key, { files: [b] });
    expect((await db().draftFiles.toArray()).map((f) => f.name)).toEqual(['b.pdf']);
    const other = formDraftKey(7, 13, 'product-info', 345);
    await writeFormDraft(other, { files: [b] });
    await dropFormDraft(key);
    expect(await readFormDraft(key)).toBeUndefined();
    expect((await db().draftFiles.toArray()).map((f) => f.draft)).toEqual([other]);
    expect((await readFormDraft<{ files: File[] }>(other))?.value.files[0]?.name).toBe('b.pdf');
  });
});
