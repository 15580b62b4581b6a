// The 360 panel's Embed card: the codes (a preset's 24 and 48 frames, or an upload group's photos) and,
// for the panel's editors, a new share key (issue 27), after which the codes show the new key.
import { Card } from '../../../ui/Card.tsx';
import { RotateShareKey } from './RotateShareKey.tsx';
import { SpinEmbedCodes } from './SpinEmbedCodes.tsx';
import { useShareKey } from './useShareKey.ts';

interface Props {
  productId: number;
  customerId: number;
  productName: string;
  presetId: number | undefined;
  group?: { id: number; name: string };
  canEdit: boolean;
  width?: number;
  height?: number;
}

export function SpinEmbeds({ productId, customerId, productName, presetId, group, canEdit, width, height }: Props) {
  const key = useShareKey(productId, customerId);
  const description = group
    ? 'Paste into your shop’s page: the uploaded photos, which visitors can drag through.'
    : 'Paste into your shop’s page: a 360 view that visitors can drag.';
  return (
    <Card
      title="Embed"
      description={description}
      headingLevel={3}
      actions={
        canEdit ? (
          <RotateShareKey
            productId={productId}
            customerId={customerId}
            productName={productName}
            current={key.data?.key}
            onRotated={key.reload}
          />
        ) : undefined
      }
    >
      <SpinEmbedCodes
        productId={productId}
        productName={productName}
        shareKey={key}
        presetId={presetId}
        group={group}
        width={width}
        height={height}
      />
    </Card>
  );
}
