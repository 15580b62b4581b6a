// Last Registered (document 1 §2, §7): the company's newest products with the SKU and ID Model
// filters; photo, name and SKU each open the product. Shown only with an info slug (the page decides).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, PackageSearch } from 'lucide-react';
import { productThumb } from '../../api/storage-paths.ts';
import { filterLastRegistered, filterLocally, useSyncStatus, type LastProduct } from '../../data/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Img } from '../../ui/Img.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { cleanId } from '../catalog/catalog-rules.ts';
import styles from './dashboard.module.css';

interface Filters {
  sku: string;
  idModel: string;
}
const asQuery = (f: Filters) => ({
  sku: f.sku.trim() || undefined,
  id_model: /^\d+$/.test(f.idModel.trim()) ? Number(f.idModel.trim()) : undefined,
});

/** The stored ten unfiltered; with a filter the server is asked (offline: the stored ten, filtered). */
function useFiltered(cid: number, stored: LastProduct[] | undefined, f: Filters): LastProduct[] | undefined {
  const { online } = useSyncStatus();
  const q = asQuery(f);
  const key = JSON.stringify(q);
  const [asked, setAsked] = useState<{ key: string; rows: LastProduct[] }>();
  const filtering = q.sku !== undefined || q.id_model !== undefined;
  useEffect(() => {
    if (!filtering || !online) return;
    let live = true;
    const t = setTimeout(() => {
      filterLastRegistered(cid, JSON.parse(key) as typeof q).then(
        (rows) => live && setAsked({ key, rows }),
        (err: unknown) => console.error('last registered filter failed', err), // §8: logged only
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [cid, key, filtering, online]);
  if (!filtering) return stored;
  if (online) return asked?.key === key ? asked.rows : undefined;
  return filterLocally(stored ?? [], q);
}

function ProductRow({ p }: { p: LastProduct }) {
  const to = `/product/${p.id_product}`;
  return (
    <li className={styles.product} data-testid="last-registered-item">
      <Link to={to} className={styles.productPhoto} aria-label={`${p.name} photo`} tabIndex={-1}>
        <Img src={productThumb(p)} alt="" placeholder={{ name: p.name, caption: p.sku }} />
      </Link>
      <div className={styles.productText}>
        <Link to={to} className={styles.productName}>
          {p.name}
        </Link>
        <Link to={to} className={styles.productSku}>
          {p.sku}
        </Link>
      </div>
      <span className={styles.productId}>#{p.id_product}</span>
    </li>
  );
}

export function LastRegistered({ cid, stored }: { cid: number; stored: LastProduct[] | undefined }) {
  const [f, setF] = useState<Filters>({ sku: '', idModel: '' });
  const rows = useFiltered(cid, stored, f);
  return (
    <Card
      title="Last Registered"
      description="The newest products of your catalogue"
      className={styles.block}
      actions={
        <Link to="/catalog?section=allproducts" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          View All <ArrowRight aria-hidden="true" size={14} />
        </Link>
      }
    >
      <div className={styles.filters}>
        <TextField
          label="SKU"
          size="sm"
          value={f.sku}
          onChange={(e) => setF({ ...f, sku: e.target.value })}
          placeholder="Any SKU"
          autoComplete="off"
        />
        <TextField
          label="ID Model"
          size="sm"
          inputMode="numeric"
          numeric
          value={f.idModel}
          // Digits only, as the catalogue's Id filter (issue 43: "12a" was shown and the filter silently dropped).
          onChange={(e) => setF({ ...f, idModel: cleanId(e.target.value) })}
          placeholder="Any id"
          autoComplete="off"
        />
      </div>
      {!rows ? (
        <ul className={styles.products} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className={styles.product}>
              <Skeleton className={styles.productPhoto} />
              <Skeleton shape="text" width="60%" />
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <EmptyState
          compact
          icon={<PackageSearch />}
          title={f.sku || f.idModel ? 'No product matches these filters.' : 'No products registered yet.'}
        />
      ) : (
        <ul className={styles.products}>
          {rows.map((p) => (
            <ProductRow key={p.id_product} p={p} />
          ))}
        </ul>
      )}
    </Card>
  );
}
