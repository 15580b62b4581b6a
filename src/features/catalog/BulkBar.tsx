// The bar of the catalogue's selection (issue 28): "3 selected", Select all, Clear, and the bulk
// actions. Each action is one user action (its identity made when its form opens), queued as one
// change, shown at once; its toast offers Undo for 10 s (Request automation has none).
import { useState } from 'react';
import { FolderInput, Sparkles, Tag, Tags, Trash2, X } from 'lucide-react';
import { offerUndo } from '../../app/offer-undo.ts';
import { useUserAction } from '../../app/user-action.ts';
import { applyBulk, undoBulk, type BulkKind, type BulkRequest, type ProductRow } from '../../data/index.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { plural } from '../../ui/format.ts';
import { notify } from '../../ui/notify.tsx';
import { AddTagsDialog, RemoveTagsDialog, SetCollectionDialog } from './BulkDialogs.tsx';
import styles from './catalog.module.css';

interface Props {
  customerId: number;
  selected: number[];
  /** How many products match the current filters and search. */
  total: number;
  /** Every one of them is selected already. */
  allShown: boolean;
  /** The selected products' rows (read when a form needs them). */
  rows: () => ProductRow[];
  canAutomate: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  /** Products a delete took away (they leave the selection). */
  onGone: (ids: number[]) => void;
}

/** What the pending row and the toast say. */
function words(req: BulkRequest, names: (ids: number[]) => string[], n: string): { label: string; done: string } {
  switch (req.kind) {
    case 'addTags':
      return {
        label: `Add ${req.tags.length > 1 ? 'tags' : 'tag'} ${req.tags.join(', ')} to ${n}`,
        done: `Tagged ${n} with ${req.tags.join(', ')}`,
      };
    case 'removeTags': {
      const t = names(req.tags).join(', ');
      return { label: `Remove ${req.tags.length > 1 ? 'tags' : 'tag'} ${t} from ${n}`, done: `Removed ${t} from ${n}` };
    }
    case 'setCollection':
      return {
        label: `Set the collection of ${n} to ${req.collection || '(none)'}`,
        done: `Collection of ${n} set to ${req.collection || '(none)'}`,
      };
    case 'requestAutomation':
      return { label: `Request automation for ${n}`, done: `Automation requested for ${n}` };
    case 'delete':
      return { label: `Delete ${n}`, done: `${n} deleted` };
  }
}

export function BulkBar({ customerId, selected, total, allShown, rows, canAutomate, onSelectAll, onClear, onGone }: Props) {
  const action = useUserAction();
  const [open, setOpen] = useState<BulkKind | null>(null);
  const count = selected.length;
  const n = plural(count, 'product');
  const start = (kind: BulkKind) => {
    action.reset(); // a new user action each time its form opens
    setOpen(kind);
  };
  const close = () => setOpen(null);
  const tagNames = (ids: number[]) => {
    const all = new Map(rows().flatMap((r) => r.tags.map((t) => [t.id, t.name] as const)));
    return ids.map((id) => all.get(id) ?? `#${id}`);
  };

  const apply = (req: BulkRequest) => {
    close();
    const { label, done } = words(req, tagNames, n);
    const ids = [...selected];
    void action.run(
      async (a) => {
        const before = await applyBulk(customerId, ids, req, { id: a.id, label });
        if (!before) return;
        if (req.kind === 'delete') onGone(ids);
        if (req.kind === 'requestAutomation') notify.saved(`${done}. This cannot be undone.`);
        else {
          offerUndo(
            { message: done, done: ['Undone', done], failed: 'It could not be undone', queued: (how) => how === 'queued' },
            (undoId) => undoBulk(before, a.id, { id: undoId, label: `Undo: ${done}` }),
          );
        }
      },
      { input: { req, ids }, onError: (err) => notify.error('The change was not made', (err as Error).message) },
    );
  };

  return (
    <div className={styles.bulkBar} role="region" aria-label="Selected products" data-testid="bulk-bar">
      <span className={styles.bulkCount} role="status">
        {count} selected
      </span>
      {!allShown && (
        <Button size="sm" variant="link" onClick={onSelectAll}>
          Select all {total}
        </Button>
      )}
      <Button size="sm" variant="ghost" icon={<X />} onClick={onClear}>
        Clear
      </Button>
      <div className={styles.bulkActions}>
        <Button size="sm" icon={<Tag />} onClick={() => start('addTags')}>
          Add tags
        </Button>
        <Button size="sm" icon={<Tags />} onClick={() => start('removeTags')}>
          Remove tags
        </Button>
        <Button size="sm" icon={<FolderInput />} onClick={() => start('setCollection')}>
          Set collection
        </Button>
        {canAutomate && (
          <Button size="sm" icon={<Sparkles />} onClick={() => start('requestAutomation')}>
            Request automation
          </Button>
        )}
        <Button size="sm" variant="danger" icon={<Trash2 />} loading={action.running} onClick={() => start('delete')}>
          Delete
        </Button>
      </div>
      {open === 'addTags' && (
        <AddTagsDialog
          count={count}
          customerId={customerId}
          onCancel={close}
          onApply={(tags) => apply({ kind: 'addTags', tags })}
        />
      )}
      {open === 'removeTags' && (
        <RemoveTagsDialog count={count} rows={rows} onCancel={close} onApply={(tags) => apply({ kind: 'removeTags', tags })} />
      )}
      {open === 'setCollection' && (
        <SetCollectionDialog
          count={count}
          onCancel={close}
          onApply={(collection) => apply({ kind: 'setCollection', collection })}
        />
      )}
      <AlertDialog
        open={open === 'requestAutomation'}
        onOpenChange={(o) => !o && close()}
        danger={false}
        title={`Request automation for ${n}?`}
        description="The studio will produce their imagery. This cannot be undone."
        confirmLabel="Request automation"
        onConfirm={() => apply({ kind: 'requestAutomation' })}
      />
      <AlertDialog
        open={open === 'delete'}
        onOpenChange={(o) => !o && close()}
        title={`Delete ${n}?`}
        description={`${n} will be removed from the catalogue. You can undo it for 10 seconds.`}
        confirmLabel="Delete"
        onConfirm={() => apply({ kind: 'delete' })}
      />
    </div>
  );
}
