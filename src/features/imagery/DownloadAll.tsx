// 'Download All Images' (part 9): the server's zip for silo and 360 (online only: offline the button
// is disabled and says why); for vignette the zip is built here by the render worker, with its
// progress and a Cancel that stops the worker and closes the dialog for good (issue 26).
import { useEffect, useId, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useSyncStatus, type LayerRow, type PresetRow, type PresetSection } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { RenderCancelled } from '../../workers/render-client.ts';
import { buildVignetteZip, cancelVignetteZip, downloadServerZip, saveAs, vignetteInputs } from './downloads.ts';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';

const DOWNLOADING = 'Downloading the images';

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
  const { online } = useSyncStatus();
  const noteId = useId();
  const [progress, setProgress] = useState<{ text: string; value?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The run on screen: its progress, result and failure count only while it is the current one, so
  // nothing of a cancelled run (a progress message already on its way) opens the dialog again.
  const current = useRef(0);
  const building = useRef(false);
  const browser = section === 'vignette';
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
      await download();
    });
  const download = async () => {
    const me = ++current.current;
    const mine = () => current.current === me;
    try {
      if (!browser) return await downloadServerZip(section, productId, customerId);
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
      if (mine() && !(err instanceof RenderCancelled)) setError(errorText(failureText(err, DOWNLOADING)));
    } finally {
      if (mine()) {
        building.current = false;
        setProgress(null);
      }
    }
  };

  // The server's zip needs the server; the vignette zip is built here from the pictures on this device.
  const offline = !browser && !online;
  const disabled = offline || (browser ? !layer || saved.length === 0 : empty);
  return (
    <span className={styles.downloadAll}>
      {offline && (
        <span id={noteId} className={styles.muted}>
          {needsConnection(DOWNLOADING)}
        </span>
      )}
      <Button size="sm" icon={<Download />} loading={busy && !browser} disabled={disabled} aria-describedby={offline ? noteId : undefined} onClick={run}>
        Download All Images
      </Button>
      <Dialog
        open={progress !== null}
        dismissible={false}
        title="Download All Images"
        size="sm"
        footer={
          <Button onClick={cancel} data-autofocus>
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
    </span>
  );
}
