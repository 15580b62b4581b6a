// A data table for @tanstack/react-table (v9): the screen builds the table with useTable (columns,
// features such as rowSortingFeature + createSortedRowModel) and hands it here for the markup and look:
// a sticky header, sortable headers (a button with the direction, aria-sort on the th), dense rows,
// tabular figures, an empty state, and a row-actions cell (a column with id 'actions' is right-aligned).
import type { ReactNode } from 'react';
import { FlexRender, type ReactTable } from '@tanstack/react-table';
import type { RowData, TableFeatures } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Table.module.css';

interface Sortable {
  getCanSort?: () => boolean;
  getIsSorted?: () => false | 'asc' | 'desc';
  getToggleSortingHandler?: () => undefined | ((event: unknown) => void);
}

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  table: ReactTable<TFeatures, TData, unknown>;
  /** The table's caption (visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  /** Shown in place of the rows when there are none (an EmptyState). */
  empty?: ReactNode;
  /** Max height of the scroll area; the header sticks while the rows scroll. */
  maxHeight?: number | string;
  onRowClick?: (row: TData) => void;
  className?: string;
}

export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  caption,
  showCaption,
  empty,
  maxHeight,
  onRowClick,
  className,
}: DataTableProps<TFeatures, TData>) {
  const rows = table.getRowModel().rows;
  const columns = table.getAllLeafColumns().length;
  return (
    <div className={cx(styles.scroll, className)} style={{ maxHeight }}>
      <table className={styles.table}>
        <caption className={showCaption ? styles.caption : 'sr-only'}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const col = header.column as unknown as Sortable;
                const canSort = col.getCanSort?.() ?? false;
                const sorted = col.getIsSorted?.() ?? false;
                return (
                  <th
                    key={header.id}
                    colSpan={header.colSpan}
                    scope="col"
                    className={cx(header.column.id === 'actions' && styles.actions)}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button type="button" className={styles.sort} onClick={col.getToggleSortingHandler?.()}>
                        <FlexRender header={header} />
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden="true" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden="true" />
                        ) : (
                          <ChevronsUpDown aria-hidden="true" className={styles.unsorted} />
                        )}
                      </button>
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns} className={styles.emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className={cx(onRowClick && styles.clickable)}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cx(cell.column.id === 'actions' && styles.actions)}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
