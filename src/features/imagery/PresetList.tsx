// Part 2 of the preset panel, 'Automation System': the presets as pictures of what they make, each
// with a trash action, and a 'New preset' tile (editors). An unsaved new preset shows as selected.
import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { LayerRow, PresetRow, PresetSection } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { HScroller } from '../../ui/HScroller.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { AddTile, PickTile } from '../../ui/PickTile.tsx';
import type { DraftStore } from './draft-store.ts';
import { PresetThumb } from './PresetThumb.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './imagery.module.css';
import own from './PresetList.module.css';

export interface PresetListProps {
  section: PresetSection;
  presets: PresetRow[];
  layer: LayerRow | undefined;
  /** The selected preset's id; 0 for an unsaved new one; undefined when none (or an upload). */
  selected: number | undefined;
  store: DraftStore;
  canEdit: boolean;
  /** Ids with changes still queued (shown as such). */
  queued: ReadonlySet<number>;
  onSelect(id: number): void;
  onNew(): void;
  onDelete(p: PresetRow, name: string): void;
  /** Beside the heading (vignette: Render presets (zip)). */
  action?: ReactNode;
}

/** Its name by the number it was made with (issue 43): deleting Preset 1 leaves Preset 2 its name. */
export const presetName = (p: Pick<PresetRow, 'number'>) => `Preset ${p.number}`;

export function PresetList({
  section,
  presets,
  layer,
  selected,
  store,
  canEdit,
  queued,
  onSelect,
  onNew,
  onDelete,
  action,
}: PresetListProps) {
  return (
    <section className={styles.part} aria-labelledby="presets-heading">
      <div className={cx(styles.partHead, own.head)}>
        <span className={own.title}>
          <h3 id="presets-heading" className={styles.partTitle}>
            Automation System
          </h3>
          <span className={styles.partNote}>{presets.length === 1 ? '1 preset' : `${presets.length} presets`}</span>
        </span>
        {action && <span className={own.action}>{action}</span>}
      </div>
      <HScroller label="Presets" step={100}>
        {presets.map((p) => (
          <PickTile
            key={p.id}
            aria-label={presetName(p)}
            selected={selected === p.id}
            onClick={() => onSelect(p.id)}
            picture={<PresetThumb section={section} values={p} layer={layer} />}
            caption={presetName(p)}
            badge={
              queued.has(p.id) ? (
                <Badge size="sm" tone="warning">
                  Queued
                </Badge>
              ) : undefined
            }
            action={
              canEdit && (
                <IconButton
                  size="sm"
                  label={`Delete ${presetName(p)}`}
                  icon={<Trash2 />}
                  onClick={() => onDelete(p, presetName(p))}
                />
              )
            }
          />
        ))}
        {selected === 0 && (
          <PickTile
            aria-label="New preset (not saved)"
            selected
            picture={<PresetThumb section={section} values={store.get()} layer={layer} />}
            caption="New preset"
            badge={
              <Badge size="sm" tone="accent">
                Unsaved
              </Badge>
            }
          />
        )}
        {canEdit && selected !== 0 && (
          <AddTile icon={<Plus />} onClick={onNew}>
            New preset
          </AddTile>
        )}
      </HScroller>
    </section>
  );
}
