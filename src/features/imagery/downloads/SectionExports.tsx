// Queued exports of one automated section (silo, vignette, 360; issue 27): Download Options with
// 'Send to email' for the section's editors, and the section's Downloads panel for everyone who sees
// the section. The 360 panel shows it beside its embed codes; silo and vignette under their preview.
import { useState } from 'react';
import type { PresetSection } from '../../../api/contract/rules/preset.ts';
import type { LayerSize } from './download-rules.ts';
import { DownloadOptions } from './DownloadOptions.tsx';
import { DownloadsPanel } from './DownloadsPanel.tsx';
import styles from './downloads.module.css';

export interface SectionExportsProps {
  section: PresetSection;
  productId: number;
  customerId: number;
  /** The selected preset (a temp id, negative, is not saved yet). */
  preset: { id: number; image_scale: number } | undefined;
  layers: readonly LayerSize[];
  /** editor-<section>-access: ordering an export needs it (the server checks it too). */
  canEdit: boolean;
}

export function SectionExports({ section, productId, customerId, preset, layers, canEdit }: SectionExportsProps) {
  const [queued, setQueued] = useState(0);
  const saved = preset && preset.id > 0 ? preset : undefined;
  return (
    <div className={styles.sectionExports}>
      {canEdit && (
        <DownloadOptions
          section={section}
          productId={productId}
          customerId={customerId}
          preset={saved}
          layers={layers}
          onQueued={() => setQueued((n) => n + 1)}
        />
      )}
      <DownloadsPanel section={section} productId={productId} customerId={customerId} canOrder={canEdit} version={queued} />
    </div>
  );
}
