// The retailers table (@tanstack/react-table through the design system's DataTable): every column of
// §2; the row being edited shows its fields in place, with Cancel, Delete Retailer and Save.
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Pencil, Store } from 'lucide-react';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectInput } from '../../ui/Select.tsx';
import { DataTable } from '../../ui/Table.tsx';
import { NumberField, TextField } from '../../ui/TextField.tsx';
import { FileNameField } from './FileNameField.tsx';
import { COLOR_DEPTHS, EXTENSIONS, IMAGES_PER_ROW, isUnsaved, rowErrors, type RetailerForm } from './retailer-rules.ts';
import styles from './retailers.module.css';

const features = tableFeatures({});
const col = createColumnHelper<typeof features, RetailerForm>();

export interface RowActions {
  editing: string | null;
  tried: ReadonlySet<string>;
  change: (key: string, patch: Partial<RetailerForm>) => void;
  toggle: (key: string) => void;
  cancel: (row: RetailerForm) => void;
  remove: (row: RetailerForm) => void;
  save: (row: RetailerForm) => void;
  /** A save or delete is on its way (its buttons show it and take no click). */
  saving: boolean;
  deleting: boolean;
  /** Offline: saves and deletes need a connection; their buttons are off and point to the reason. */
  offline?: { reasonId: string };
}

const name = (r: RetailerForm) => r.retailer || 'the new retailer';

/** In edit mode (§2): Save, Delete Retailer, Cancel, under the name, where the editing starts. */
function EditActions({ row, a }: { row: RetailerForm; a: RowActions }) {
  return (
    <span className={styles.actions}>
      <Button
        size="sm"
        variant="primary"
        loading={a.saving}
        disabled={a.deleting || !!a.offline}
        aria-describedby={a.offline?.reasonId}
        onClick={() => a.save(row)}
      >
        Save
      </Button>
      <Button
        size="sm"
        variant="danger"
        loading={a.deleting}
        disabled={a.saving || (!!a.offline && !isUnsaved(row))}
        aria-describedby={a.offline?.reasonId}
        onClick={() => a.remove(row)}
      >
        Delete Retailer
      </Button>
      <Button size="sm" variant="ghost" onClick={() => a.cancel(row)}>
        Cancel
      </Button>
    </span>
  );
}

function columns(a: RowActions) {
  const on = (r: RetailerForm) => a.editing === r.key;
  const errors = (r: RetailerForm) => rowErrors(r, a.tried.has(r.key));
  const num = (field: 'height' | 'width' | 'dpi' | 'file_size', label: string, unit?: string) => (r: RetailerForm) => (
    <NumberField
      label={`${label} of ${name(r)}`}
      hideLabel
      size="sm"
      value={r[field]}
      unit={unit}
      error={errors(r)[field]}
      onChange={(v) => a.change(r.key, { [field]: v })}
      className={unit ? styles.wide : styles.num}
    />
  );
  return col.columns([
    col.accessor('retailer', {
      header: 'Retailer',
      cell: (c) =>
        on(c.row.original) ? (
          <span className={styles.editing}>
            <TextField
              label="Retailer name"
              hideLabel
              size="sm"
              className={styles.nameField}
              value={c.row.original.retailer}
              placeholder="Retailer name"
              error={errors(c.row.original).retailer}
              onChange={(e) => a.change(c.row.original.key, { retailer: e.target.value })}
              data-autofocus
            />
            <EditActions row={c.row.original} a={a} />
          </span>
        ) : (
          <span className={styles.name}>
            {c.getValue()}
            {isUnsaved(c.row.original) && (
              <Badge size="sm" tone="warning">
                Not saved
              </Badge>
            )}
          </span>
        ),
    }),
    col.accessor('ext', {
      header: 'Extension',
      cell: (c) =>
        on(c.row.original) ? (
          <SelectInput
            aria-label={`Extension of ${name(c.row.original)}`}
            size="sm"
            value={c.row.original.ext}
            options={EXTENSIONS.map((e) => ({ value: e, label: e }))}
            onValueChange={(ext) => a.change(c.row.original.key, { ext })}
          />
        ) : (
          <Badge size="sm">{c.getValue()}</Badge>
        ),
    }),
    col.display({
      id: 'size',
      header: 'Size (H × W px)',
      cell: (c) =>
        on(c.row.original) ? (
          <span className={styles.size}>
            {num('height', 'Height', 'H')(c.row.original)}
            {num('width', 'Width', 'W')(c.row.original)}
          </span>
        ) : (
          <span className="tabular">
            {c.row.original.height} × {c.row.original.width}
          </span>
        ),
    }),
    col.accessor('dpi', {
      header: 'DPI',
      cell: (c) => (on(c.row.original) ? num('dpi', 'DPI')(c.row.original) : <span className="tabular">{c.getValue()}</span>),
    }),
    col.accessor('color_depth', {
      header: 'Color depth',
      cell: (c) =>
        on(c.row.original) ? (
          <SelectInput
            aria-label={`Color depth of ${name(c.row.original)}`}
            size="sm"
            value={c.row.original.color_depth}
            options={COLOR_DEPTHS.map((d) => ({ value: d, label: `${d}-bit` }))}
            onValueChange={(color_depth) => a.change(c.row.original.key, { color_depth })}
          />
        ) : (
          <span className="tabular">{c.getValue()}-bit</span>
        ),
    }),
    col.accessor('file_size', {
      header: 'File size (MB)',
      cell: (c) =>
        on(c.row.original) ? (
          num('file_size', 'File size', 'MB')(c.row.original)
        ) : (
          <span className="tabular">{c.getValue()}</span>
        ),
    }),
    col.accessor('images_per_row', {
      header: 'Images per row',
      cell: (c) =>
        on(c.row.original) ? (
          <SelectInput
            aria-label={`Images per row of ${name(c.row.original)}`}
            size="sm"
            value={c.row.original.images_per_row}
            options={IMAGES_PER_ROW.map((n) => ({ value: n, label: String(n) }))}
            onValueChange={(images_per_row) => a.change(c.row.original.key, { images_per_row })}
          />
        ) : (
          <span className="tabular">{c.getValue()}</span>
        ),
    }),
    col.accessor('file_name', {
      header: 'File name',
      cell: (c) =>
        on(c.row.original) ? (
          <FileNameField
            label={`File name of ${name(c.row.original)}`}
            value={c.row.original.file_name}
            ext={c.row.original.ext}
            frames={c.row.original.images_per_row}
            error={errors(c.row.original).file_name}
            onChange={(file_name) => a.change(c.row.original.key, { file_name })}
          />
        ) : (
          <code className={styles.mono}>{c.getValue()}</code>
        ),
    }),
    // Issue 43: each row said "Warning" without saying of what; the column now names what it rules.
    col.accessor('no_upscale', {
      header: 'Upscaled files',
      cell: (c) =>
        on(c.row.original) ? (
          <Switch
            className={styles.upscale}
            label={`No upscaling for ${name(c.row.original)}`}
            description="Off: an upscaled file is allowed, and flagged in compliance.csv."
            checked={c.row.original.no_upscale}
            onCheckedChange={(no_upscale) => a.change(c.row.original.key, { no_upscale })}
          />
        ) : c.getValue() ? (
          <Badge size="sm" tone="warning">
            Forbidden
          </Badge>
        ) : (
          <span className={styles.muted}>Allowed, flagged</span>
        ),
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => {
        const r = c.row.original;
        return on(r) ? null : (
          <Button
            size="sm"
            variant="secondary"
            icon={<Pencil aria-hidden="true" />}
            onClick={() => a.toggle(r.key)}
            aria-label={`Edit ${r.retailer || 'new retailer'}`}
          >
            Edit
          </Button>
        );
      },
    }),
  ]);
}

export function RetailerTable({ rows, actions, filtered }: { rows: RetailerForm[]; actions: RowActions; filtered: boolean }) {
  const table = useTable({ features, columns: columns(actions), data: rows, getRowId: (r) => r.key });
  return (
    <DataTable
      table={table}
      caption="Retailers"
      className={styles.table}
      empty={
        <EmptyState
          compact
          icon={<Store />}
          title={filtered ? 'No retailer matches this name.' : 'No retailers yet.'}
          description={filtered ? undefined : 'Add the first output format with Add Retailer.'}
        />
      }
    />
  );
}
