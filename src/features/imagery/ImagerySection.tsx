// The product screen's sections other than Info (document 3 §2), each given the product, the
// company and the user's rights for it.
import type { Slug } from '../../api/contract/slugs.ts';
import type { ProductRow, Who } from '../../data/index.ts';
import { FilesSection } from './FilesSection.tsx';
import { SectionExports } from './downloads/SectionExports.tsx';
import { PresetPanel } from './PresetPanel.tsx';
import { Spin360Additions } from './spin/Spin360Additions.tsx';
import { VideoSection } from './VideoSection.tsx';
import { ViewerSection } from './viewer-3d/ViewerSection.tsx';

export type ImageryKey = 'vignette' | 'silo' | '360' | 'video' | '3d-viewer' | '3d-files';

interface Props {
  sectionKey: ImageryKey;
  title: string;
  product: ProductRow;
  customerId: number;
  access: Partial<Record<Slug, boolean>>;
}

export function ImagerySection({ sectionKey, title, product, customerId, access }: Props) {
  const who: Who = { customerId, productId: product.id, productLabel: product.sku || product.name || `product ${product.id}` };
  const canEdit = !!access[`editor-${sectionKey}-access` as Slug];
  const canTailor = !!access['send-products-for-automation'];
  const sku = product.sku || product.name || `product-${product.id}`;
  switch (sectionKey) {
    case 'silo':
    case 'vignette':
    case '360':
      return (
        <PresetPanel
          key={`${sectionKey}-${product.id}`}
          section={sectionKey}
          title={title}
          who={who}
          sku={sku}
          canEdit={canEdit}
          canTailor={canTailor}
          // The 360 panel's additions (issue 14): embed codes, then its exports; silo and vignette: their exports (issue 27).
          extras={
            sectionKey === '360'
              ? (ctx) => <Spin360Additions {...ctx} />
              : (ctx) => <SectionExports section={sectionKey} {...ctx} />
          }
        />
      );
    case 'video':
      return <VideoSection who={who} canEdit={canEdit} canTailor={canTailor} />;
    case '3d-files':
      return <FilesSection who={who} canEdit={canEdit} />;
    case '3d-viewer':
      return <ViewerSection product={product} customerId={customerId} canEdit={!!access['editor-3d-viewer-access']} />;
  }
}
