// /product/:id (document 2 §2.7, document 3 §2): the header (name, collection, SKU, id), the title
// 'Facet | ' + SKU (or name), the section tabs per permission, and the Info section.
// No product to show says why (ProductAbsent: Not found, switch company, needs a connection);
// no section permission goes to the Dashboard.
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { usePageTitle } from '../../app/title.ts';
import { useLiveProduct, usePresence, useProduct } from '../../data/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { PeopleHere } from '../../ui/PeopleHere.tsx';
import { Page, PageHeader } from '../../ui/Layout.tsx';
import { LoadingLabel, Skeleton } from '../../ui/Skeleton.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { ImagerySection } from '../imagery/ImagerySection.tsx';
import { useImageryPrefetch } from '../imagery/prefetch.ts';
import { PROVIDER_CONTEXT } from '../../api/contract/slugs.ts';
import { InfoSection } from './InfoSection.tsx';
import { ProductAbsent } from './ProductAbsent.tsx';
import { useAbsence, type Lack } from './product-absence.ts';
import { imagerySections, productTitle, SECTION_SLUGS, visibleSections, type SectionKey } from './product-rules.ts';
import styles from './products.module.css';

const SLUGS = [...SECTION_SLUGS, 'send-products-for-automation'] as const;

export default function ProductPage() {
  const { id } = useParams();
  const pid = /^-?\d+$/.test(id ?? '') ? Number(id) : undefined;
  const { customerId, choices, staff, user } = useSession();
  const { access, ready } = useAccess(SLUGS);
  // The local copy, and one refresh from the server whose failure sends us back to the catalogue.
  const { data: live, pull } = useProduct(pid, customerId ?? undefined);
  // After Delete the row is gone at once; the page keeps the last copy for the success popup.
  const [kept, setKept] = useState(live);
  if (live && live !== kept) setKept(live);
  const [params, setParams] = useSearchParams();
  // Deleted: the kept copy shows under the popup. Undone: back to the live row once it is read again.
  const [deleted, setDeleted] = useState<'deleting' | 'restoring'>();
  if (deleted === 'restoring' && live) setDeleted(undefined);
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

  // A local row of another company (offline, after a switch) is that company's to open.
  const foreign = !!data && customerId !== null && customerId !== PROVIDER_CONTEXT && data.product.cid !== customerId;
  const lack: Lack | undefined = deleted
    ? undefined
    : pull === 'failed'
      ? 'failed'
      : data === null && pull === 'offline'
        ? 'offline'
        : data === null && gone
          ? 'missing'
          : undefined;
  const absence = useAbsence(
    pid,
    lack,
    { current: customerId, choices, staff },
    foreign && !deleted ? data.product.cid : undefined,
    !!data && !foreign,
  );
  const sections = visibleSections(access);
  // Every section the user may see is pulled, with its pictures, so the product opens offline later.
  useImageryPrefetch(customerId ?? undefined, pid ?? -1, imagerySections(sections.map((s) => s.key)));
  // Live (issue 44): a poke about this product pulls its Info and the sections' lists in place; who else has it open.
  useLiveProduct(customerId ?? undefined, pid, imagerySections(sections.map((s) => s.key)));
  const others = usePresence(data?.product.cid ?? null, 'product', pid, user.id);
  const currentName = choices.find((c) => c.id === customerId)?.name;
  if (absence) return <ProductAbsent absence={absence} currentName={currentName} />;
  if (ready && sections.length === 0) return <Navigate to="/dashboard" replace />;
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
          (others.length > 0 || product.automation_system === 1) && (
            <>
              <PeopleHere people={others} />
              {product.automation_system === 1 && (
                <Badge tone="accent" icon={<Sparkles />}>
                  Automation
                </Badge>
              )}
            </>
          )
        }
      />
      <Tabs<SectionKey>
        label="Product sections"
        value={current.key}
        onValueChange={(k) => setParams({ section: k }, { replace: true })}
        tabs={sections.map((s) => ({ value: s.key, label: s.label }))}
      >
        {(key) =>
          key === 'info' ? (
            <InfoSection
              product={product}
              blocks={data.descriptions}
              files={data.files}
              customerId={customerId ?? product.cid}
              canEdit={!!access['editor-info-access']}
              mayAutomate={!!access['send-products-for-automation']}
              onDeleting={() => setDeleted('deleting')}
              onRestored={() => setDeleted('restoring')}
            />
          ) : (
            <ImagerySection
              sectionKey={key}
              title={current.label}
              product={product}
              customerId={customerId ?? product.cid}
              access={access}
            />
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
