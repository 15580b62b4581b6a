// The 360 panel's additions of issue 14 (document 3 §2 "360 panel additions"), in one piece for the
// panel's seam (Spin360Extras of issue 10): the embed codes for 24 and 48 frames (or a selected upload
// group's, issue 27) with the editors' share-key rotation, the '360 Product View' Download Options with
// 'Send to email' (editors), and the section's Downloads panel: the queued exports every automated
// section shares (downloads/SectionExports).
import { SectionExports } from '../downloads/SectionExports.tsx';
import { SpinEmbeds } from '../embed/SpinEmbeds.tsx';
import styles from './spin.module.css';

/** What the 360 panel hands its seam (a subset of issue 10's Spin360Context). */
export interface Spin360AdditionsProps {
  productId: number;
  customerId: number;
  sku: string;
  /** The selected preset (undefined: none; a negative id: new and unsaved). */
  preset: { id: number; image_scale: number } | undefined;
  /** The studio's 360 layers: their size gives the embed's aspect-ratio. */
  layers: ReadonlyArray<{ width?: number | null; height?: number | null }>;
  /** The upload group selected instead of a preset. */
  upload?: { file: { id: number; list: string }; name: string };
  /** editor-360-access: ordering exports and rotating the share key need it. */
  canEdit: boolean;
}

export function Spin360Additions({ productId, customerId, sku, preset, layers, upload, canEdit }: Spin360AdditionsProps) {
  // A preset with a temp id (negative) is not saved yet.
  const presetId = preset && preset.id > 0 ? preset.id : undefined;
  const size = layers.find((l) => l.width && l.height);
  // A group with a temp id (negative) is still being uploaded: no public address yet.
  const group =
    upload && upload.file.list === '360' && upload.file.id > 0 ? { id: upload.file.id, name: upload.name } : undefined;
  return (
    <div className={styles.additions}>
      <SpinEmbeds
        productId={productId}
        customerId={customerId}
        productName={sku}
        presetId={presetId}
        group={group}
        canEdit={canEdit}
        width={size?.width ?? undefined}
        height={size?.height ?? undefined}
      />
      <SectionExports
        section="360"
        productId={productId}
        customerId={customerId}
        preset={preset}
        layers={layers}
        canEdit={canEdit}
      />
    </div>
  );
}
