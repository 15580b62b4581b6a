// Import a batch from a CSV file (beyond the specs): choose or drop a .csv, see every row with its
// problems, then add them to the batch. Large files are parsed in a worker (src/workers/csv-client.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { CircleCheck, FileSpreadsheet } from 'lucide-react';
import { failureText } from '../../api/failure-text.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { DataTable } from '../../ui/Table.tsx';
import { plural } from '../../ui/format.ts';
import { parseCsv } from '../../workers/csv-client.ts';
import { mapCsv, type CsvContext, type CsvResult, type CsvRow } from './csv-import.ts';
import styles from './add-products.module.css';

const features = tableFeatures({});
const col = createColumnHelper<typeof features, CsvRow>();
const columns = col.columns([
  col.accessor('line', { header: 'Line' }),
  col.accessor((r) => r.item.name, { id: 'name', header: 'Name' }),
  col.accessor((r) => r.item.sku, { id: 'sku', header: 'SKU' }),
  col.accessor((r) => r.item.collection, { id: 'collection', header: 'Collection' }),
  col.accessor(
    (r) =>
      [r.item.height, r.item.width, r.item.depth].filter(Boolean).join(' × ') +
      (r.item.height || r.item.width || r.item.depth ? ` ${r.item.measure}` : ''),
    { id: 'size', header: 'H × W × D' },
  ),
  col.display({
    id: 'problems',
    header: 'Check',
    cell: (c) =>
      c.row.original.problems.length ? (
        <ul className={styles.rowProblems}>
          {c.row.original.problems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <Badge tone="success" size="sm" icon={<CircleCheck />}>
          Ready
        </Badge>
      ),
  }),
]);

export const CSV_EXAMPLE = 'name,sku,collection,height,width,depth,unit,finish,note,tags,categories,description';

export function CsvImport({
  context,
  onImport,
  disabled,
}: {
  context: Omit<CsvContext, 'offset'> & { offset: number };
  onImport: (rows: CsvRow[]) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<(CsvResult & { parseErrors: string[] }) | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => result?.rows ?? [], [result]);
  const table = useTable({ features, columns, data: rows });
  // The read in progress: Cancel, Stop, removing the file or a new pick aborts it (the worker ends)
  // and nothing it read shows up afterwards.
  const reading = useRef<AbortController | null>(null);
  const stop = () => {
    reading.current?.abort();
    reading.current = null;
    setBusy(false);
  };
  useEffect(() => () => reading.current?.abort(), []);
  const clear = () => (stop(), setFile(null), setResult(null));
  const close = () => (clear(), setOpen(false));
  const pick = async (accepted: File[]) => {
    const f = accepted[0];
    if (!f) return;
    stop();
    const run = new AbortController();
    reading.current = run;
    setFile(f);
    setResult(null);
    setBusy(true);
    try {
      const parsed = await parseCsv(f, run.signal);
      if (run.signal.aborted) return;
      setResult({ ...mapCsv(parsed.headers, parsed.records, context), parseErrors: parsed.errors });
    } catch (err) {
      if (run.signal.aborted) return;
      setResult({
        rows: [],
        unused: [],
        fatal: `The file could not be read: ${failureText(err, 'Reading the file')}`,
        parseErrors: [],
      });
    } finally {
      if (reading.current === run) {
        reading.current = null;
        setBusy(false);
      }
    }
  };
  const flagged = rows.filter((r) => r.problems.length).length;
  return (
    <>
      <Button icon={<FileSpreadsheet />} onClick={() => setOpen(true)} disabled={disabled} block>
        Import CSV
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => !o && close()}
        title="Import products from a CSV file"
        description="The first row names the columns. Each row becomes a product of the batch; add its images and files afterwards."
        size="xl"
        footer={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="primary" disabled={!rows.length || !!result?.fatal} onClick={() => (onImport(rows), close())}>
              {rows.length ? `Add ${plural(rows.length, 'product')}` : 'Add products'}
            </Button>
          </>
        }
      >
        <div className={styles.csv}>
          <FileDrop
            label="CSV file"
            accept=".csv,text/csv"
            acceptLabel="A .csv file with a header row"
            files={file ? [file] : []}
            onPick={(ok) => void pick(ok)}
            onRemove={clear}
            hint={
              <>
                Columns: <code>{CSV_EXAMPLE}</code>. Tags are separated by commas, categories by semicolons.
              </>
            }
          />
          {busy && (
            <p role="status">
              Reading the file…{' '}
              <Button variant="link" size="sm" onClick={clear}>
                Stop
              </Button>
            </p>
          )}
          {result?.fatal && <FieldError>{result.fatal}</FieldError>}
          {result && !result.fatal && (
            <>
              <p role="status" className={styles.csvSummary}>
                {plural(rows.length, 'row')} read{flagged ? `; ${plural(flagged, 'row')} to fix after import` : ', all ready'}.
                Every product still needs at least one image.
                {result.unused.length > 0 && ` Not used: ${result.unused.join(', ')}.`}
              </p>
              {result.parseErrors.map((e) => (
                <FieldError key={e}>{e}</FieldError>
              ))}
              <DataTable table={table} caption="Rows of the CSV file" />
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
