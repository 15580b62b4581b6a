// The 360 panel's additions of issue 14 (document 3 §2 "360 panel additions"), in one piece for the
// panel's seam (Spin360Extras of issue 10): the embed codes for 24 and 48 frames, the '360 Product
// View' Download Options with 'Send to email' (editors), and the section's Downloads panel: the
// queued exports every automated section shares (downloads/SectionExports).
import { Card } from '../../../ui/Card.tsx';
import { SectionExports } from '../downloads/SectionExports.tsx';
import { SpinEmbedCodes } from '../embed/SpinEmbedCodes.tsx';
import styles from './spin.module.css';

/** What the 360 panel hands its seam (a subset of issue 10's Spin360Context). */
export interface Spin360AdditionsProps {
  productId: number;
  customerId: number;
  sku: string;
  /** The selected preset (undefined: none; a negative id: new and unsaved). */
  preset: { id: number; image_scale: number } | undefined;
  /** The studio's 360 layers: their size gives the embed's aspect-ratio. */
  layers: ReadonlyArray<{ width?: number; height?: number }>;
  /** editor-360-access: ordering exports needs it. */
  canEdit: boolean;
}

export function Spin360Additions({ productId, customerId, sku, preset, layers, canEdit }: Spin360AdditionsProps) {
  // A preset with a temp id (negative) is not saved yet.
  const presetId = preset && preset.id > 0 ? preset.id : undefined;
  const size = layers.find((l) => l.width && l.height);
  return (
    <div className={styles.additions}>
      <Card title="Embed" description="Paste into your shop's page: a 360 view that visitors can drag." headingLevel={3}>
        <SpinEmbedCodes productId={productId} customerId={customerId} productName={sku} presetId={presetId} width={size?.width ?? undefined} height={size?.height ?? undefined} />
      </Card>
      <SectionExports section="360" productId={productId} customerId={customerId} preset={preset} layers={layers} canEdit={canEdit} />
    </div>
  );
}
