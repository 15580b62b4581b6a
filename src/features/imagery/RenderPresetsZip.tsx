// 'Render presets (zip)' (document 3 §4 "Batch download", issue 27): every saved vignette preset
// rendered on this device by the render worker ('Building Image i of n', then 'Creating a zip
// file...'), zipped and saved as <SKU>_<date>.zip, with its progress and a Cancel that stops the
// worker and closes the dialog for good (issue 26). Works offline from the pictures this device holds.
import { useEffect, useRef, useState } from 'react';
import { Images } from 'lucide-react';
import { failureText } from '../../api/failure-text.ts';
import { useUserAction } from '../../app/user-action.ts';
import type { LayerRow, PresetRow } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { RenderCancelled } from '../../workers/render-client.ts';
import { saveAs } from '../../ui/save-as.ts';
import { buildVignetteZip, cancelVignetteZip, vignetteInputs } from './downloads.ts';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';

export const RENDER_PRESETS = 'Render presets (zip)';
const RENDERING = 'Rendering the presets';

interface Props {
  /** Zip names start with it. */
  sku: string;
  presets: PresetRow[];
  layer: LayerRow | undefined;
}

export function RenderPresetsZip({ sku, presets, layer }: Props) {
  // One run at a time: a click while one runs is ignored; a later one is a new run.
  const action = useUserAction();
  const [progress, setProgress] = useState<{ text: string; value?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The run on screen: its progress, result and failure count only while it is the current one, so
  // nothing of a cancelled run (a progress message already on its way) opens the dialog again.
  const current = useRef(0);
  const building = useRef(false);
  const saved = presets.filter((p) => p.id > 0);

  const cancel = () => {
    current.current++;
    building.current = false;
    setProgress(null);
    cancelVignetteZip();
  };
  // Leaving the screen stops the worker too.
  useEffect(() => () => void (building.current && cancel()), []);

  const run = () =>
    void action.run(async () => {
      action.reset();
      await render();
    });
  const render = async () => {
    const me = ++current.current;
    const mine = () => current.current === me;
    try {
      building.current = true;
      setProgress({ text: 'Preparing…' });
      const file = await buildVignetteZip(vignetteInputs(saved, layer!), sku, (p) => {
        if (!mine()) return;
        if (p.kind === 'frame') setProgress({ text: p.message, value: (100 * (p.index - 1)) / p.total });
        if (p.kind === 'zip') setProgress({ text: p.message, value: 100 });
      });
      if (!mine()) return;
      const url = URL.createObjectURL(file);
      saveAs(url, file.name);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      if (mine() && !(err instanceof RenderCancelled)) setError(errorText(failureText(err, RENDERING)));
    } finally {
      if (mine()) {
        building.current = false;
        setProgress(null);
      }
    }
  };

  return (
    <span className={styles.downloadAll}>
      <Button size="sm" variant="ghost" icon={<Images />} disabled={!layer || saved.length === 0} onClick={run}>
        {RENDER_PRESETS}
      </Button>
      <Dialog
        open={progress !== null}
        dismissible={false}
        title="Rendering presets"
        description="Each saved preset is drawn on this device at full size, then zipped."
        size="sm"
        footer={
          <Button onClick={cancel} data-autofocus>
            Cancel
          </Button>
        }
      >
        <div className={styles.progressBody} aria-live="polite">
          <p className={styles.muted}>{progress?.text}</p>
          <ProgressBar label="Render progress" value={progress?.value} />
        </div>
      </Dialog>
      <AlertPopup open={error !== null} title="Error" message={error ?? ''} onConfirm={() => setError(null)} />
    </span>
  );
}
