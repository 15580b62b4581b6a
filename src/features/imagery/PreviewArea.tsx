// The panel's left column: the live preview of the selected preset (for 360, at a chosen angle), or
// the uploaded image chosen instead; a skeleton while the layers load, an empty state without them.
// The preview alone is sticky, as high as the window leaves beside the save bar, so it stays in view
// while the inspector's controls are used (issue 43); what goes under it is PresetPanel's own row.
import { useState, type ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import type { LayerRow, SectionFileRow } from '../../data/index.ts';
import { Chip } from '../../ui/Chip.tsx';
import { Slider } from '../../ui/Slider.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import type { DraftStore } from './draft-store.ts';
import { PresetPreview } from './PresetPreview.tsx';
import { UploadedView } from './UploadedView.tsx';
import styles from './imagery.module.css';

interface Props {
  store: DraftStore;
  layers: LayerRow[] | undefined;
  /** What the preview shows ('Preset 2', 'New preset'); undefined when nothing is selected. */
  presetName: string | undefined;
  upload?: { file: SectionFileRow; name: string };
  sku: string;
}

/** More views than this are chosen on a slider: a chip each would push the preview down. */
const CHIPS_UP_TO = 12;

export function PreviewArea({ store, layers, presetName, upload, sku }: Props) {
  const [angle, setAngle] = useState(0);
  const layer = layers?.find((l) => l.angle === angle) ?? layers?.[0];
  let body: ReactNode;
  if (upload) body = <UploadedView file={upload.file} name={upload.name} sku={sku} />;
  else if (!layers) body = <Skeleton height={520} />;
  else if (!layer)
    body = (
      <EmptyState
        icon={<ImageOff />}
        title="The studio has not made the images of this product yet."
        description="Presets can still be set; the preview shows once the images are ready."
      />
    );
  else
    body = (
      <>
        <div className={styles.previewBar}>
          <span className={styles.previewCaption}>
            {presetName ? `${presetName} · live preview` : 'Select or create a preset'}
          </span>
          {layers.length > CHIPS_UP_TO ? (
            <Slider
              className={styles.angleSlider}
              label="View angle"
              min={0}
              max={layers.length - 1}
              value={[Math.max(0, layers.indexOf(layer))]}
              onValueChange={([i]) => setAngle(layers[i ?? 0]!.angle)}
              format={(i) => `${layers[i]?.angle ?? 0}°`}
            />
          ) : (
            layers.length > 1 && (
              <div className={styles.angles} role="group" aria-label="View angle">
                {layers.map((l) => (
                  <Chip key={l.angle} pressed={l.angle === layer.angle} onClick={() => setAngle(l.angle)}>
                    {l.angle}°
                  </Chip>
                ))}
              </div>
            )
          )}
        </div>
        <PresetPreview
          store={store}
          layer={layer}
          label={`Preview of ${presetName ?? 'the preset'}${layers.length > 1 ? ` at ${layer.angle}°` : ''}`}
        />
      </>
    );
  return (
    <div className={styles.previewArea}>
      <div className={styles.previewSticky}>
        <div className={styles.canvas}>{body}</div>
      </div>
    </div>
  );
}
