// Enter in the ambient or tag input creates a name that no entry matches (document 2 §5): it is
// queued at once (a temp id, usable right away, also offline), then 'Ambient created successfully!'
// or 'Tag created successfully!' once the server has it; a refusal shows 'Error creating ambient:
// {message}' (or tag), the chip goes and the queued create is discarded. Each name is one user
// action: the same name entered again while its create is on its way joins it.
import { useMemo, useState } from 'react';
import { newActionId } from '../../api/action-id.ts';
import { discardEntry, useAmbients, useTemplateTags } from '../../data/index.ts';
import { waitForOutcome } from '../../data/outbox/index.ts';
import { createTemplateName, type TemplateNameKind } from '../../data/catalog/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { notify } from '../../ui/notify.tsx';
import { chipsOf, type NameChip } from './template-rules.ts';

const CREATED: Record<TemplateNameKind, string> = {
  ambient: 'Ambient created successfully!',
  templateTag: 'Tag created successfully!',
};

export interface NameCreated {
  /** The chip made for `label` now has this id (a temp id until the server answers). */
  onCreated: (kind: TemplateNameKind, label: string, id: number) => void;
  /** The create was refused: drop the chip. */
  onFailed: (kind: TemplateNameKind, label: string) => void;
}

export function useNameCreator(on: NameCreated) {
  const ambients = useAmbients();
  const tags = useTemplateTags();
  const [error, setError] = useState<string | null>(null);
  const ambientOptions = useMemo(() => chipsOf(ambients ?? []), [ambients]);
  const tagOptions = useMemo(() => chipsOf(tags ?? []), [tags]);

  // `on` must keep its identity (useMemo in the caller): the creators are made once for it.
  const creators = useMemo(() => {
    const pending = new Set<string>();
    const create =
      (kind: TemplateNameKind) =>
      (label: string): NameChip => {
        const chip = { key: `new:${label}`, label };
        const name = `${kind}:${label.trim().toLowerCase()}`;
        if (pending.has(name)) return chip; // this name's create is on its way: the repeat joins it
        const actionId = newActionId();
        pending.add(name);
        void (async () => {
          try {
            const made = await createTemplateName(kind, label, actionId);
            if (!made) return;
            const { row, entries } = made;
            on.onCreated(kind, label, row.id);
            const outcome = await waitForOutcome(entries);
            if (outcome.state === 'sent') notify.saved(CREATED[kind]);
            else if (outcome.state === 'queued') notify.kept(outcome.why, outcome.message);
            else {
              on.onFailed(kind, label);
              setError(outcome.message);
              for (const id of entries) await discardEntry(id);
            }
          } catch (err) {
            on.onFailed(kind, label);
            setError(`Error creating ${kind === 'ambient' ? 'ambient' : 'tag'}: ${(err as Error).message}`);
          } finally {
            pending.delete(name);
          }
        })();
        return chip;
      };
    return { createAmbient: create('ambient'), createTag: create('templateTag') };
  }, [on]);

  const popup = <AlertPopup open={error !== null} title="Error" message={error ?? ''} onConfirm={() => setError(null)} />;
  return { ambientOptions, tagOptions, ...creators, loading: !ambients || !tags, popup };
}

/** Replaces the chip of a name being created by its id, or drops it. */
export function settleChip(list: readonly NameChip[], label: string, id: number | null): NameChip[] {
  return id === null
    ? list.filter((c) => c.label !== label)
    : list.map((c) => (c.label === label && typeof c.key === 'string' ? { key: id, label } : c));
}
