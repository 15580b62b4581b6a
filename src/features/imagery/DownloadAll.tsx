// 'Download All Images' (part 9): the server's zip for silo and 360; for vignette the zip is built
// here by the render worker, with its progress and a Cancel that discards the partial result.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { useUserAction } from '../../app/user-action.ts';
import type { LayerRow, PresetRow, PresetSection } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { RenderCancelled } from '../../workers/render-client.ts';
import { buildVignetteZip, cancelVignetteZip, downloadServerZip, saveAs, vignetteInputs } from './downloads.ts';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';

interface Props {
  section: PresetSection;
  productId: number;
  customerId: number;
  /** Zip names start with it. */
  sku: string;
  /** Vignette: the saved presets to render, and the layers. */
  presets?: PresetRow[];
  layer?: LayerRow;
  /** Silo and 360: nothing uploaded yet. */
  empty?: boolean;
}

export function DownloadAll({ section, productId, customerId, sku, presets = [], layer, empty }: Props) {
  // One download at a time: a click while one is being made is ignored; a later one is a new download.
  const action = useUserAction();
  const busy = action.running;
  const [progress, setProgress] = useState<{ text: string; value?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const browser = section === 'vignette';
  const saved = presets.filter((p) => p.id > 0);

  const run = () =>
    void action.run(async () => {
      action.reset();
      await download();
    });
  const download = async () => {
    try {
      if (!browser) return await downloadServerZip(section, productId, customerId);
      setProgress({ text: 'Preparing…' });
      const file = await buildVignetteZip(vignetteInputs(saved, layer!), sku, (p) => {
        if (p.kind === 'frame') setProgress({ text: p.message, value: (100 * (p.index - 1)) / p.total });
        if (p.kind === 'zip') setProgress({ text: p.message, value: 100 });
      });
      const url = URL.createObjectURL(file);
      saveAs(url, file.name);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      if (!(err instanceof RenderCancelled)) setError(err instanceof Error ? errorText(err.message) : String(err));
    } finally {
      setProgress(null);
    }
  };

  const disabled = browser ? !layer || saved.length === 0 : empty;
  return (
    <>
      <Button size="sm" icon={<Download />} loading={busy && !browser} disabled={disabled} onClick={run}>
        Download All Images
      </Button>
      <Dialog
        open={progress !== null}
        dismissible={false}
        title="Download All Images"
        size="sm"
        footer={
          <Button onClick={cancelVignetteZip} data-autofocus>
            Cancel
          </Button>
        }
      >
        <div className={styles.progressBody} aria-live="polite">
          <p className={styles.muted}>{progress?.text}</p>
          <ProgressBar label="Download progress" value={progress?.value} />
        </div>
      </Dialog>
      <AlertPopup open={error !== null} title="Error" message={error ?? ''} onConfirm={() => setError(null)} />
    </>
  );
}
