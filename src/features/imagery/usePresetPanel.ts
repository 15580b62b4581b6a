// The preset panel's state (§2, §4): what is selected (a preset, a new unsaved one with id 0, or an
// uploaded image), the draft being edited and its unsaved-changes flag, and the save and delete
// flows with their popups. The draft lives in a DraftStore, so slider drags never re-render this.
import { useEffect, useMemo, useRef, useState } from 'react';
import { leavesTab, useUnsavedGuard } from '../../app/unsaved-guard.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useWriteFeedback } from '../../app/write-feedback.ts';
import {
  deletePreset,
  presetFields,
  savePreset,
  useRealId,
  type PresetRow,
  type PresetSection,
  type PresetValues,
  type Who,
} from '../../data/index.ts';
import type { AlertPopupProps } from '../../ui/AlertPopup.tsx';
import { useActionOutcome, waitingText } from './action-outcome.ts';
import { createDraftStore, useDraftEdited } from './draft-store.ts';
import { errorText, newPresetValues, saveVisible } from './preset-rules.ts';

export type Selection = { kind: 'preset'; id: number } | { kind: 'upload'; id: number } | undefined;
type Alert = Omit<AlertPopupProps, 'open'>;

const valuesOf = (section: PresetSection, row: PresetRow) => presetFields(section, row) as unknown as PresetValues;

interface Options {
  section: PresetSection;
  who: Who;
  presets: PresetRow[] | undefined;
  /** Vignette: a new preset starts on the first background. */
  firstBackground?: string;
  canEdit: boolean;
}

export function usePresetPanel({ section, who, presets, firstBackground, canEdit }: Options) {
  const store = useMemo(() => createDraftStore(section, newPresetValues(section, firstBackground)), [section]); // eslint-disable-line react-hooks/exhaustive-deps
  const edited = useDraftEdited(store);
  const [picked, setSelection] = useState<Selection>();
  const [confirm, setConfirm] = useState<Alert | null>(null);
  const [saving, setSaving] = useState<{ actionId: string; creating: boolean }>();
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const outcome = useActionOutcome(saving?.actionId);
  const feedback = useWriteFeedback();
  // A save starts when a preset is picked or New preset is clicked; Save clicked twice on the same
  // values joins it. A delete is its own action.
  const saveAction = useUserAction();
  const deleteAction = useUserAction();

  // The first preset is selected when the list arrives, and again when the picked one is gone
  // (deleted here or elsewhere). A temp id stays picked until the server's id replaces it.
  const pickedId = picked?.kind === 'preset' ? picked.id : undefined;
  const pickedReal = useRealId(pickedId);
  const pickedRow = presets?.find((p) => p.id === pickedReal);
  const gone = !!pickedId && pickedReal !== undefined && pickedReal > 0 && !!presets && !pickedRow;
  const firstPreset = presets?.[0] ? ({ kind: 'preset', id: presets[0].id } as const) : undefined;
  const selection: Selection = !picked || gone ? firstPreset : picked;
  const chosen = selection?.kind === 'preset' ? selection.id : undefined;
  const realId = selection === picked ? pickedReal : chosen;
  const row = selection === picked ? pickedRow : presets?.find((p) => p.id === chosen);

  // The draft follows the selected preset; a new server version is taken while nothing is edited.
  const shown = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!row) return;
    const switched = shown.current !== chosen;
    shown.current = chosen;
    if (switched || !store.edited()) store.reset(valuesOf(section, row));
  }, [row, chosen, section, store]);

  /** Runs `go` now, or after the user agrees to drop unsaved edits. */
  const guard = (go: () => void) => {
    if (!store.edited()) return go();
    setConfirm({
      title: 'Unsaved changes',
      message: 'Your changes to this preset are not saved. Discard them?',
      confirmLabel: 'Discard changes',
      danger: true,
      onConfirm: () => {
        setConfirm(null);
        go();
      },
      onCancel: () => setConfirm(null),
    });
  };

  const selectPreset = (id: number) => id !== realId && guard(() => (saveAction.reset(), setSelection({ kind: 'preset', id })));
  const selectUpload = (id: number) => guard(() => setSelection({ kind: 'upload', id }));
  const startNew = () =>
    guard(() => {
      saveAction.reset();
      shown.current = 0;
      setSelection({ kind: 'preset', id: 0 });
      store.startNew(newPresetValues(section, firstBackground));
    });
  const first = (without?: number): Selection => {
    const p = presets?.find((x) => x.id !== without);
    return p ? { kind: 'preset', id: p.id } : undefined;
  };
  /** Drops the edits: back to the saved preset (a new one goes, and the first preset is selected). */
  const revert = () => {
    if (chosen !== 0) return row && store.reset(valuesOf(section, row));
    store.reset(store.base());
    setSelection(first());
  };
  // Leaving the section or the page with unsaved edits asks first (issue 43); Discard reverts them.
  useUnsavedGuard(edited, { onDiscard: revert, leaves: leavesTab('section') });

  const save = () => {
    const creating = chosen === 0 || !row;
    const values = store.get();
    void saveAction.run(
      async (a) => {
        const since = Date.now();
        const q = await savePreset(who, section, values, creating ? undefined : row, a.id);
        if (!q) return;
        shown.current = q.id;
        store.reset(values);
        setSelection({ kind: 'preset', id: q.id });
        setSaving({ actionId: q.actionId, creating });
        setReported((r) => new Set([...r, q.actionId]));
        feedback(since);
      },
      { input: values },
    );
  };

  const askDelete = (p: PresetRow, name: string) =>
    setConfirm({
      title: 'Delete preset',
      message: `Delete ${name}? Its settings will be removed from this product's ${section === 'silo' ? 'Silo Image' : section} presets.`,
      confirmLabel: 'Delete',
      danger: true,
      onCancel: () => setConfirm(null),
      onConfirm: () => {
        setConfirm(null);
        void deleteAction.run(
          async (a) => {
            const since = Date.now();
            await deletePreset(who, section, p.id, a.id);
            feedback(since);
            // §4: the first preset is selected after a delete.
            setSelection(first(p.id));
          },
          { input: p.id },
        );
      },
    });

  // The save popup follows the queued action: 'Creating'/'Updating', then 'Saved!' or 'Error: …'.
  const closeSave = () => setSaving(undefined);
  let savePopup: Alert | null = null;
  if (saving && outcome && outcome.state !== 'conflict') {
    const title = saving.creating ? 'Create preset' : 'Update preset';
    if (outcome.state === 'sending') savePopup = { title, progress: saving.creating ? 'Creating' : 'Updating' };
    else if (outcome.state === 'done') savePopup = { title, message: 'Saved!', onConfirm: closeSave };
    else if (outcome.state === 'waiting') savePopup = { title, message: waitingText(outcome), onConfirm: closeSave };
    else savePopup = { title: 'Error', message: errorText(outcome.message), onConfirm: closeSave };
  }

  return {
    store,
    selection,
    /** The selected preset's id as the list knows it (0: new, unsaved). */
    selectedPreset: chosen === 0 ? 0 : realId,
    row,
    presetSelected: selection?.kind === 'preset' && (chosen === 0 || !!row),
    showSave: saveVisible({ edited, presetSelected: selection?.kind === 'preset', canEdit }),
    selectPreset,
    selectUpload,
    startNew,
    revert,
    save,
    saving: saveAction.running,
    askDelete,
    popup: confirm ?? savePopup,
    reported,
    report: (actionId: string) => setReported((r) => new Set([...r, actionId])),
  };
}
