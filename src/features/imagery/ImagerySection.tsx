// The product screen's sections other than Info (document 3 §2), each given the product, the
// company and the user's rights for it. The 3D viewer is issue 14's (a seam here).
import { Box } from 'lucide-react';
import type { Slug } from '../../api/contract/slugs.ts';
import type { ProductRow, Who } from '../../data/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FilesSection } from './FilesSection.tsx';
import { PresetPanel } from './PresetPanel.tsx';
import { Spin360Extras } from './Spin360Extras.tsx';
import { VideoSection } from './VideoSection.tsx';
import styles from './imagery.module.css';

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
          // SEAM for issue 14: the 360 panel's additions render here (Spin360Extras.tsx).
          extras={sectionKey === '360' ? (ctx) => <Spin360Extras {...ctx} /> : undefined}
        />
      );
    case 'video':
      return <VideoSection who={who} canEdit={canEdit} canTailor={canTailor} />;
    case '3d-files':
      return <FilesSection who={who} canEdit={canEdit} />;
    default:
      // SEAM for issue 14: the 3D viewer section (lazy-load toggle, thumbnail upload, embed code).
      return (
        <section className={styles.section} aria-labelledby="section-heading">
          <h2 id="section-heading">{title}</h2>
          <EmptyState compact icon={<Box />} title={`The ${title} section is not available yet.`} />
        </section>
      );
  }
}
