// Part 3 of the preset panel: the background. Silo and 360 choose a colour from the §3 palette or
// a free one; vignette chooses a picture from the product's backgrounds, then moves and scales it
// (Background Transform).
import { ImageOff } from 'lucide-react';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import type { BackgroundRow } from '../../data/index.ts';
import { ColorPicker } from '../../ui/ColorPicker.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { Img } from '../../ui/Img.tsx';
import { PickTile } from '../../ui/PickTile.tsx';
import { useDraftValue, type DraftStore } from './draft-store.ts';
import { BACKGROUND_TRANSFORM, PALETTE } from './preset-rules.ts';
import { ValueControl } from './ValueControl.tsx';
import styles from './imagery.module.css';

interface Props {
  store: DraftStore;
  presetSelected: boolean;
  backgrounds?: BackgroundRow[];
}

export function BackgroundSettings({ store, presetSelected, backgrounds }: Props) {
  const value = useDraftValue(store, 'background');
  if (store.section !== 'vignette') {
    return (
      <section className={styles.part} aria-labelledby="background-heading">
        <div className={styles.partHead}>
          <h3 id="background-heading" className={styles.partTitle}>
            Background
          </h3>
          <span className={styles.colourValue}>{value === 'none' ? 'Transparent' : value.toUpperCase()}</span>
        </div>
        <ColorPicker
          label="Background colour"
          hideLabel
          value={value}
          swatches={PALETTE}
          onValueChange={(c) => store.set('background', c)}
          disabled={!presetSelected}
        />
      </section>
    );
  }
  const name = (i: number) => `Background ${i + 1}`;
  return (
    <section className={styles.part} aria-labelledby="background-heading">
      <div className={styles.partHead}>
        <h3 id="background-heading" className={styles.partTitle}>
          Background
        </h3>
        {value.startsWith('#') && <span className={styles.colourValue}>Colour {value.toUpperCase()}</span>}
      </div>
      {backgrounds?.length === 0 ? (
        <EmptyState compact icon={<ImageOff />} title="No background pictures for this product yet." />
      ) : (
        <HScroller label="Background pictures" step={100}>
          {(backgrounds ?? []).map((b, i) => (
            <PickTile
              key={b.path}
              aria-label={name(i)}
              selected={value === b.path}
              disabled={!presetSelected}
              width={112}
              aspect={4 / 3}
              onClick={() => store.set('background', b.path)}
              picture={<Img src={storageUrl(thumbOf(b.path))} alt="" placeholder={{ name: name(i) }} fit="cover" />}
              caption={name(i)}
            />
          ))}
        </HScroller>
      )}
      <h4 className={styles.partTitle}>Background Transform</h4>
      {BACKGROUND_TRANSFORM.map((spec) => (
        <ValueControl key={spec.key} store={store} spec={spec} presetSelected={presetSelected} />
      ))}
    </section>
  );
}
