// The forms of the catalogue's bulk actions (issue 28): the tags to add (typed or the company's), the
// tags to remove (those the selected products have), the collection to set. Each names the count. The
// collection typed is kept on this device until it is set or discarded (issue 43: useKeptDialog).
import { useMemo, useState } from 'react';
import { useKeptDialog } from '../../app/kept-dialog.ts';
import { useSession } from '../../app/session.tsx';
import { formDraftKey } from '../../data/catalog/index.ts';
import { useTags, type ProductRow } from '../../data/index.ts';
import { productRules } from '../../api/contract/rules/product.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { plural } from '../../ui/format.ts';
import { Stack } from '../../ui/Layout.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { TagOption } from '../../ui/tag-input.ts';

interface FormProps<T> {
  count: number;
  onCancel: () => void;
  onApply: (value: T) => void;
}

const footer = (onCancel: () => void, apply: () => void, label: string, disabled: boolean) => (
  <>
    <Button onClick={onCancel}>Cancel</Button>
    <Button variant="primary" disabled={disabled} onClick={apply}>
      {label}
    </Button>
  </>
);

export function AddTagsDialog({ count, customerId, onCancel, onApply }: FormProps<string[]> & { customerId: number }) {
  const tags = useTags(customerId);
  const options = useMemo(() => (tags ?? []).map((t): TagOption => ({ key: t.id, label: t.name })), [tags]);
  const [value, setValue] = useState<TagOption[]>([]);
  const apply = () => value.length && onApply(value.map((t) => t.label));
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title="Add tags"
      description={`To ${plural(count, 'selected product')}.`}
      footer={footer(onCancel, apply, 'Add tags', !value.length)}
    >
      <TagInput
        label="Tags"
        value={value}
        options={options}
        onChange={setValue}
        onCreate={(label) => ({ key: `new:${label}`, label })}
        placeholder="Type a tag, then Enter"
      />
    </Dialog>
  );
}

export function RemoveTagsDialog({ count, rows, onCancel, onApply }: FormProps<number[]> & { rows: () => ProductRow[] }) {
  // The tags the selected products have, with how many of them have each.
  const present = useMemo(() => {
    // By name (unique per company): a row may still hold a tag created since by its temp id until the next pull.
    const by = new Map<string, { id: number; name: string; n: number }>();
    for (const r of rows()) {
      for (const t of r.tags) {
        const had = by.get(t.name.toLowerCase());
        by.set(t.name.toLowerCase(), { id: had && had.id > 0 ? had.id : t.id, name: t.name, n: (had?.n ?? 0) + 1 });
      }
    }
    return [...by.values()].map((t) => [t.id, t] as const).sort((a, b) => a[1].name.localeCompare(b[1].name));
  }, [rows]);
  const [chosen, setChosen] = useState<number[]>([]);
  const apply = () => chosen.length && onApply(chosen);
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title="Remove tags"
      description={`From ${plural(count, 'selected product')}.`}
      footer={footer(onCancel, apply, 'Remove tags', !chosen.length)}
    >
      {present.length ? (
        <Stack gap={2}>
          {present.map(([id, t]) => (
            <Checkbox
              key={id}
              label={t.name}
              description={plural(t.n, 'product')}
              checked={chosen.includes(id)}
              onCheckedChange={(on) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)))}
            />
          ))}
        </Stack>
      ) : (
        <p>None of the selected products has a tag.</p>
      )}
    </Dialog>
  );
}

export function SetCollectionDialog({ count, onCancel, onApply }: FormProps<string>) {
  const { user, customerId } = useSession();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const keeping = useKeptDialog(formDraftKey(user.id, customerId ?? 0, 'bulk-collection'), value, {
    dirty: value !== '',
    restore: setValue,
    reset: () => setValue(''),
    onClose: onCancel,
  });
  // The contract's own rule for the field (its words are the server's).
  const error = tableErrors({ collection: productRules.collection }, { collection: value.trim() }).collection?.[0];
  const apply = () => {
    setTouched(true);
    if (error) return;
    keeping.sent();
    onApply(value.trim());
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && keeping.close()}
      title="Set collection"
      description={`For ${plural(count, 'selected product')}. Leave it empty to clear it.`}
      footer={footer(keeping.close, apply, 'Set collection', false)}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Stack gap={4}>
          {keeping.notice}
          <TextField
            label="Collection"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={touched ? error : undefined}
          />
        </Stack>
      </form>
    </Dialog>
  );
}
