// /product/:id (document 2 §2.7, document 3 §2): the header (name, collection, SKU, id), the title
// 'Facet | ' + SKU (or name), the section tabs per permission, and the Info section.
// A failed load goes to /catalog; no section permission goes to the Dashboard.
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { usePageTitle } from '../../app/title.ts';
import { useProduct } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { Spin360Slot } from '../imagery/spin/Spin360Slot.tsx';
import { ViewerSection } from '../imagery/viewer-3d/ViewerSection.tsx';
import { InfoSection } from './InfoSection.tsx';
import { productTitle, SECTION_SLUGS, visibleSections, type SectionKey } from './product-rules.ts';
import styles from './products.module.css';

const SLUGS = [...SECTION_SLUGS, 'send-products-for-automation'] as const;

export default function ProductPage() {
  const { id } = useParams();
  const pid = /^-?\d+$/.test(id ?? '') ? Number(id) : undefined;
  const { customerId } = useSession();
  const { access, ready } = useAccess(SLUGS);
  // The local copy, and one refresh from the server whose failure sends us back to the catalogue.
  const { data: live, pull } = useProduct(pid, customerId ?? undefined);
  // After Delete the row is gone at once; the page keeps the last copy for the success popup.
  const [kept, setKept] = useState(live);
  if (live && live !== kept) setKept(live);
  const [params, setParams] = useSearchParams();
  const [deleted, setDeleted] = useState(false);
  const data = deleted ? (live ?? kept) : live;
  usePageTitle(data ? productTitle(data.product) : undefined);
  // After a good pull the local read may still be catching up with the row just written: a product
  // still missing a moment later is gone (a refused pull or offline without a copy goes back at once).
  const [gone, setGone] = useState(false);
  const missing = pull === 'done' && data === null;
  useEffect(() => {
    if (!missing) return;
    const t = setTimeout(() => setGone(true), 600);
    return () => clearTimeout(t);
  }, [missing]);

  const sections = visibleSections(access);
  if (pid === undefined) return <Navigate to="/catalog" replace />;
  if (ready && sections.length === 0) return <Navigate to="/dashboard" replace />;
  if (!deleted && (pull === 'failed' || (data === null && (pull === 'offline' || gone)))) return <Navigate to="/catalog" replace />;
  if (!data || !ready) return <ProductSkeleton />;
  const { product } = data;
  const current = sections.find((s) => s.key === params.get('section')) ?? sections[0]!;
  return (
    <Page width="wide">
      <PageHeader
        title={product.name || product.sku || `Product ${product.id}`}
        meta={
          <dl className={styles.ids}>
            <div>
              <dt>Collection</dt>
              <dd>{product.collection || '—'}</dd>
            </div>
            <div>
              <dt>SKU</dt>
              <dd data-testid="product-sku">{product.sku || '—'}</dd>
            </div>
            <div>
              <dt>Id</dt>
              <dd>{product.id}</dd>
            </div>
          </dl>
        }
        actions={
          product.automation_system === 1 && (
            <Badge tone="accent" icon={<Sparkles />}>
              Automation
            </Badge>
          )
        }
      />
      <Tabs<SectionKey> label="Product sections" value={current.key} onValueChange={(k) => setParams({ section: k }, { replace: true })} tabs={sections.map((s) => ({ value: s.key, label: s.label }))}>
        {(key) =>
          key === 'info' ? (
            <InfoSection
              product={product}
              blocks={data.descriptions}
              files={data.files}
              customerId={customerId ?? product.cid}
              canEdit={!!access['editor-info-access']}
              mayAutomate={!!access['send-products-for-automation']}
              onDeleting={() => setDeleted(true)}
            />
          ) : key === '360' ? (
            <Spin360Slot productId={product.id} customerId={customerId ?? product.cid} sku={product.sku || product.name || `product-${product.id}`} />
          ) : key === '3d-viewer' ? (
            <ViewerSection product={product} customerId={customerId ?? product.cid} canEdit={!!access['editor-3d-viewer-access']} />
          ) : (
            <section aria-labelledby="section-heading" className={styles.soon}>
              <h2 id="section-heading">{current.label}</h2>
              <EmptyState compact icon={<Sparkles />} title={`The ${current.label} section is not available yet.`} />
            </section>
          )
        }
      </Tabs>
    </Page>
  );
}

/** The page's shape while the product loads, so nothing jumps when it arrives. */
function ProductSkeleton() {
  return (
    <Page width="wide">
      <LoadingLabel />
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} width="30%" />
      <Skeleton height={40} />
      <div className={styles.infoGrid}>
        <Skeleton height={420} />
        <Skeleton height={420} />
      </div>
    </Page>
  );
}
