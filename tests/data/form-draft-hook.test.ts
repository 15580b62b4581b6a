// @vitest-environment jsdom
// useFormDraft (issue 43): a stored draft is handed back once when the form opens and not rewritten
// by it; each change while dirty is written; a form clean again, saved or discarded keeps nothing,
// also not from a change still pending when it closes.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';
import { formDraftKey, readFormDraft, writeFormDraft } from '../../src/data/catalog/form-draft.ts';
import { useFormDraft } from '../../src/data/catalog/use-form-draft.ts';

beforeEach(() => {
  openLocal({ name: 'form-draft-hook', indexedDB: new IDBFactory(), IDBKeyRange });
});

const KEY = formDraftKey(3, 4, 'my-account');
type V = { name: string };
const stored = async () => (await readFormDraft<V>(KEY))?.value;

/** A form holding its values in state, as the screens do: a restore sets them. */
function mount(saved = 'Ada') {
  const restore = vi.fn<(v: V) => void>();
  const hook = renderHook(() => {
    const [values, setValues] = useState<V>({ name: saved });
    const draft = useFormDraft(KEY, values, {
      dirty: values.name !== saved,
      restore: (v) => {
        restore(v);
        setValues(v);
      },
    });
    return { ...draft, values, type: (name: string) => setValues({ name }) };
  });
  return { ...hook, restore };
}

describe('useFormDraft', () => {
  it('restores a stored draft once, with its time, without writing it again', async () => {
    await writeFormDraft(KEY, { name: 'Ada L.' });
    const at = (await db().drafts.get(KEY))!.updatedAt;
    const { result, restore } = mount();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(restore).toHaveBeenCalledExactlyOnceWith({ name: 'Ada L.' });
    expect(result.current.values).toEqual({ name: 'Ada L.' });
    expect(result.current.restoredAt).toBe(at);
    await act(() => result.current.flush());
    expect((await db().drafts.get(KEY))!.updatedAt).toBe(at);
    act(() => result.current.dismiss());
    expect(result.current.restoredAt).toBeNull();
  });

  it('writes changes while dirty and forgets the draft once the form is clean again', async () => {
    const { result, restore } = mount();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(restore).not.toHaveBeenCalled();
    expect(result.current.restoredAt).toBeNull();
    act(() => result.current.type('Ada Lovelace'));
    await act(() => result.current.flush());
    expect(await stored()).toEqual({ name: 'Ada Lovelace' });
    act(() => result.current.type('Ada'));
    await waitFor(async () => expect(await stored()).toBeUndefined());
  });

  it('writes a pending change on unmount, but nothing after a drop', async () => {
    const first = mount();
    await waitFor(() => expect(first.result.current.loaded).toBe(true));
    act(() => first.result.current.type('Ada B'));
    first.unmount(); // the change was still waiting for its write
    await waitFor(async () => expect(await stored()).toEqual({ name: 'Ada B' }));

    const second = mount();
    await waitFor(() => expect(second.restore).toHaveBeenCalledOnce());
    act(() => second.result.current.type('Ada C'));
    await act(() => second.result.current.drop()); // saved
    second.unmount();
    expect(await stored()).toBeUndefined();
    // The next opening finds nothing to restore.
    const third = mount();
    await waitFor(() => expect(third.result.current.loaded).toBe(true));
    expect(third.restore).not.toHaveBeenCalled();
  });
});
