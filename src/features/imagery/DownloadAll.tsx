// 'Download All Images' (part 9, issue 27): the uploaded images of the section, zipped by the server
// (silo and vignette: the section's uploads; 360: every upload group in its own folder). Online only:
// offline the button is disabled and says why. Rendering the presets is RenderPresetsZip's.
import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { failureText, needsConnection } from '../../api/failure-text.ts';
import { useUserAction } from '../../app/user-action.ts';
import { useSyncStatus, type PresetSection } from '../../data/index.ts';
import { AlertPopup } from '../../ui/AlertPopup.tsx';
import { Button } from '../../ui/Button.tsx';
import { downloadServerZip } from './downloads.ts';
import { errorText } from './preset-rules.ts';
import styles from './imagery.module.css';

const DOWNLOADING = 'Downloading the images';

interface Props {
  section: PresetSection;
  productId: number;
  customerId: number;
  /** Nothing uploaded yet. */
  empty?: boolean;
}

export function DownloadAll({ section, productId, customerId, empty }: Props) {
  // One download at a time: a click while one is being made is ignored; a later one is a new download.
  const action = useUserAction();
  const { online } = useSyncStatus();
  const noteId = useId();
  const [error, setError] = useState<string | null>(null);

  const run = () =>
    void action.run(async () => {
      action.reset();
      try {
        await downloadServerZip(section, productId, customerId);
      } catch (err) {
        setError(errorText(failureText(err, DOWNLOADING)));
      }
    });

  return (
    <span className={styles.downloadAll}>
      {!online && (
        <span id={noteId} className={styles.muted}>
          {needsConnection(DOWNLOADING)}
        </span>
      )}
      <Button
        size="sm"
        icon={<Download />}
        loading={action.running}
        disabled={!online || empty}
        aria-describedby={online ? undefined : noteId}
        onClick={run}
      >
        Download All Images
      </Button>
      <AlertPopup open={error !== null} title="Error" message={error ?? ''} onConfirm={() => setError(null)} />
    </span>
  );
}
