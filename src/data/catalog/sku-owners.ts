// Who else has a SKU (issue 43: a duplicate SKU is said at the field, as PIMs say it, never refused).
// The company's products come from the catalogue's index (catalog-query.ts: the device's products and
// first-sync pages, kept current by the change bus), grouped by the SKU as people read it (the
// contract's skuKey) once per change of the index, so a keystroke is one map lookup at 100,000 rows.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { skuKey, skuWarning } from '../../api/contract/rules/product.ts';
import type { ProductRow } from '../local/index.ts';
import { catalogIndex, type CatalogIndex } from './catalog-query.ts';

type Owner = Pick<ProductRow, 'id' | 'sku' | 'name'>;
const grouped = new WeakMap<CatalogIndex, { version: number; owners: Map<string, Owner[]> }>();

/** The index's rows by SKU key, grouped once per `version` of the index. */
function ownersOf(ix: CatalogIndex, version: number): Map<string, Owner[]> {
  const had = grouped.get(ix);
  if (had?.version === version) return had.owners;
  const owners = new Map<string, Owner[]>();
  ix.eachRow((row) => {
    const { id, sku, name } = row as ProductRow;
    const key = sku ? skuKey(sku) : '';
    if (!key) return;
    const list = owners.get(key);
    if (list) list.push({ id, sku, name });
    else owners.set(key, [{ id, sku, name }]);
  });
  grouped.set(ix, { version, owners });
  return owners;
}

/**
 * The contract's warning for `sku` when another product of the company has it (`self`: the product
 * being edited), or undefined; undefined too until the company's products are read.
 */
export function useSkuWarning(cid: number, sku: string, self?: number): string | undefined {
  const ix = catalogIndex('products', cid);
  const version = useSyncExternalStore(ix.subscribe, ix.getVersion);
  useEffect(() => {
    ix.load().catch(() => undefined);
  }, [ix]);
  return useMemo(
    () => (ix.ready ? skuWarning(sku, ownersOf(ix, version).get(skuKey(sku)) ?? [], self) : undefined),
    [ix, version, sku, self],
  );
}
