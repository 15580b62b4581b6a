// /product/:id (document 2 §2.7, document 3 §2): the header (collection, SKU, id), the title
// 'Facet | ' + SKU (or name), the section tabs per permission, and the Info section.
// A failed load goes to /catalog; no section permission goes to the Dashboard.
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { usePageTitle } from '../../app/title.ts';
import { useProduct } from '../../data/index.ts';
import { InfoSection } from './InfoSection.tsx';
import { productTitle, SECTION_SLUGS, visibleSections, type SectionKey } from './product-rules.ts';
import './products.css';

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

  const sections = visibleSections(access);
  if (pid === undefined) return <Navigate to="/catalog" replace />;
  if (ready && sections.length === 0) return <Navigate to="/dashboard" replace />;
  if (!deleted && (pull === 'failed' || (data === null && pull !== 'pending'))) return <Navigate to="/catalog" replace />;
  if (!data || !ready) {
    return (
      <p className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading...
      </p>
    );
  }
  const { product } = data;
  const current = sections.find((s) => s.key === params.get('section')) ?? sections[0]!;
  const select = (k: SectionKey) => setParams({ section: k }, { replace: true });
  return (
    <section className="page product-page">
      <header className="product-head">
        <h1>{product.name || product.sku || `Product ${product.id}`}</h1>
        <dl className="product-ids">
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
      </header>
      <nav className="section-tabs" aria-label="Product sections">
        {sections.map((s) => (
          <button
            key={s.key}
            type="button"
            className={`tab ${s.key === current.key ? 'active' : ''}`}
            aria-current={s.key === current.key ? 'page' : undefined}
            onClick={() => select(s.key)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      {current.key === 'info' ? (
        <InfoSection
          product={product}
          blocks={data.descriptions}
          files={data.files}
          customerId={customerId ?? product.cid}
          canEdit={!!access['editor-info-access']}
          mayAutomate={!!access['send-products-for-automation']}
          onDeleting={() => setDeleted(true)}
        />
      ) : (
        <h2>{current.label}</h2>
      )}
    </section>
  );
}
