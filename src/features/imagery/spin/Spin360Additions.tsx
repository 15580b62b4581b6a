// The 360 panel's additions of issue 14 (document 3 §2 "360 panel additions"), in one piece for the
// panel's seam (Spin360Extras of issue 10): the embed codes for 24 and 48 frames (or a selected upload
// group's, issue 27) with the editors' share-key rotation, the '360 Product View' Download Options with
// 'Send to email', and the product's Downloads panel.
import { useState } from 'react';
import { DownloadOptions } from '../downloads/DownloadOptions.tsx';
import { DownloadsPanel } from '../downloads/DownloadsPanel.tsx';
import { SpinEmbeds } from '../embed/SpinEmbeds.tsx';
import styles from './spin.module.css';

/** What the 360 panel hands its seam (a subset of issue 10's Spin360Context). */
export interface Spin360AdditionsProps {
  productId: number;
  customerId: number;
  sku: string;
  /** The selected preset once saved (undefined: none, or new and unsaved). */
  preset: { id: number } | undefined;
  /** The studio's 360 layers: their size gives the embed's aspect-ratio. */
  layers: ReadonlyArray<{ width?: number | null; height?: number | null }>;
  /** The upload group selected instead of a preset. */
  upload?: { file: { id: number; list: string }; name: string };
  canEdit: boolean;
}

export function Spin360Additions({ productId, customerId, sku, preset, layers, upload, canEdit }: Spin360AdditionsProps) {
  const [queued, setQueued] = useState(0);
  // A preset with a temp id (negative) is not saved yet.
  const presetId = preset && preset.id > 0 ? preset.id : undefined;
  const size = layers.find((l) => l.width && l.height);
  // A group with a temp id (negative) is still being uploaded: no public address yet.
  const group = upload && upload.file.list === '360' && upload.file.id > 0 ? { id: upload.file.id, name: upload.name } : undefined;
  return (
    <div className={styles.additions}>
      <SpinEmbeds productId={productId} customerId={customerId} productName={sku} presetId={presetId} group={group} canEdit={canEdit} width={size?.width ?? undefined} height={size?.height ?? undefined} />
      <div className={styles.downloads}>
        <DownloadOptions productId={productId} customerId={customerId} presetId={presetId} onQueued={() => setQueued((n) => n + 1)} />
        <DownloadsPanel productId={productId} customerId={customerId} version={queued} />
      </div>
    </div>
  );
}
