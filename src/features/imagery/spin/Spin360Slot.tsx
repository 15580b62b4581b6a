// INTERIM SLOT until the 360 panel of issue 10 (branch imagery-client) renders Spin360Additions from
// its Spin360Extras seam: the product screen's 360 tab shows the additions for the product's newest
// saved 360 preset, read from the server. Drop this file (and its line in ProductPage) at that merge.
import type { contract } from '../../../api/contract/index.ts';
import { send } from '../../../api/client.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useServerRead } from '../use-server-read.ts';
import { Spin360Additions } from './Spin360Additions.tsx';

type P = typeof contract.spin360;

export function Spin360Slot({ productId, customerId, sku }: { productId: number; customerId: number; sku: string }) {
  const source = useServerRead(async () => {
    const query = { id_product: productId, id_customer: customerId };
    const [presets, layers] = await Promise.all([
      send<P['show']>('GET', '/gets/product/automation/360/config/show', { query }),
      send<P['images']>('GET', '/gets/product/automation/360/images/show', { query }),
    ]);
    return { preset: presets.product_config_360.at(-1), layers: layers.images_automation };
  }, [productId, customerId]);
  if (!source.data) return <Skeleton height={240} />;
  return (
    <section aria-labelledby="section-heading">
      <h2 id="section-heading">360</h2>
      <Spin360Additions productId={productId} customerId={customerId} sku={sku} preset={source.data.preset} layers={source.data.layers} />
    </section>
  );
}
