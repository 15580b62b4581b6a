// Export CSV (issue 28): the products of the current view (filters, search and sort as shown) from
// the local mirror, offline too, written in the CSV worker with the import's columns (csv-export.ts).
// One click is one file: the button waits while the file is written.
import { memo, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { firstBlocks, type ProductRow } from '../../data/index.ts';
import { writeProductsCsv } from '../../workers/csv-client.ts';
import { Button } from '../../ui/Button.tsx';
import { formatIsoDay, plural } from '../../ui/format.ts';
import { notify } from '../../ui/notify.tsx';
import { saveBlob } from '../../ui/save-as.ts';
import { exportFileName } from './csv-export.ts';

interface Props {
  /** How many products the view shows. */
  count: number;
  /** The view's products, read when the button is clicked (a keystroke renders only a changed count). */
  products: () => readonly ProductRow[];
  /** The whole view is known (until the local index has loaded, only its first page is). */
  ready: boolean;
  company: string | undefined;
}

export const ExportCsv = memo(function ExportCsv({ count, products: shown, ready, company }: Props) {
  const [busy, setBusy] = useState(false);
  // A second click before the redraw meets the first render's handler: the ref, not the state, stops it.
  const running = useRef(false);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const products = shown();
      const blocks = await firstBlocks(products.map((p) => p.id));
      const name = exportFileName(company, formatIsoDay(new Date()));
      saveBlob(await writeProductsCsv(products, blocks), name);
      notify.info(`Exported ${plural(products.length, 'product')}`, name);
    } catch (err) {
      notify.error('The CSV file could not be written', (err as Error).message);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return (
    <Button size="sm" icon={<Download />} loading={busy} disabled={!ready || !count} onClick={() => void run()}>
      Export CSV
    </Button>
  );
});
