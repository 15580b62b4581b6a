import { useState } from 'react';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Download, MoreHorizontal, PackageSearch, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../Badge.tsx';
import { DropdownMenu } from '../DropdownMenu.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { FileDrop } from '../FileDrop.tsx';
import { IconButton } from '../IconButton.tsx';
import { DataTable } from '../Table.tsx';
import { Row, Section } from './Section.tsx';

interface Retailer {
  id: number;
  retailer: string;
  file_type: string;
  size: string;
  dpi: number;
  file_size: number;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
const col = createColumnHelper<typeof features, Retailer>();
const columns = col.columns([
  col.accessor('retailer', { header: 'Retailer', sortFn: 'alphanumeric' }),
  col.accessor('file_type', { header: 'Extension', cell: (c) => <Badge size="sm">.{c.getValue()}</Badge>, enableSorting: false }),
  col.accessor('size', { header: 'Size (px)', enableSorting: false }),
  col.accessor('dpi', { header: 'DPI', sortFn: 'basic' }),
  col.accessor('file_size', { header: 'File size (MB)', sortFn: 'basic' }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: (c) => (
      <DropdownMenu
        label={`Actions for ${c.row.original.retailer}`}
        trigger={
          <IconButton label={`Actions for ${c.row.original.retailer}`} icon={<MoreHorizontal />} size="sm" tooltip={false} />
        }
        items={[
          { label: 'Edit', icon: <Pencil />, onSelect: () => undefined },
          { label: 'Download sample', icon: <Download />, onSelect: () => undefined },
          { separator: true },
          { label: 'Delete', icon: <Trash2 />, onSelect: () => undefined, danger: true },
        ]}
      />
    ),
  }),
]);

const DATA: Retailer[] = [
  { id: 1, retailer: 'Wayfair', file_type: 'jpg', size: '2000 × 2000', dpi: 72, file_size: 5 },
  { id: 2, retailer: 'Amazon', file_type: 'jpg', size: '2560 × 2560', dpi: 72, file_size: 10 },
  { id: 3, retailer: 'Home Depot', file_type: 'png', size: '3000 × 3000', dpi: 300, file_size: 25 },
  { id: 4, retailer: 'IKEA Marketplace', file_type: 'png', size: '1800 × 1800', dpi: 150, file_size: 8 },
];
const NONE: Retailer[] = [];

export function DataDemo() {
  const table = useTable({ features, columns, data: DATA });
  const empty = useTable({ features, columns, data: NONE });
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Section
      id="data"
      title="Table and FileDrop"
      description="Sortable headers (click, or Enter when focused), a sticky header, row actions."
    >
      <Row label="Table" wide>
        <DataTable table={table} caption="Retailers" maxHeight={220} />
      </Row>
      <Row label="Empty table" wide>
        <DataTable
          table={empty}
          caption="Retailers (none)"
          empty={<EmptyState compact icon={<PackageSearch />} title="No retailers yet." />}
        />
      </Row>
      <Row label="FileDrop" wide>
        <FileDrop
          label="Images"
          accept=".png,.jpg,.jpeg"
          acceptLabel="PNG or JPG, up to 25 MB"
          multiple
          files={files}
          error={refused}
          onPick={(ok, bad) => {
            setFiles([...files, ...ok]);
            setRefused(bad.length ? `${bad.map((f) => f.name).join(', ')}: only PNG and JPG images are accepted.` : null);
          }}
          onRemove={(i) => setFiles(files.filter((_, j) => j !== i))}
        />
      </Row>
    </Section>
  );
}
