// Register it again (issue 43): a queued change of a product that someone else deleted can never
// pass, and its values would be lost with a Discard. This takes them (the product as this device has
// it, the change included) into Add Products as a new product of the batch, and drops the stale
// change: one user action. The form keeps them across reloads like anything typed there.
import { useLocation, useNavigate } from 'react-router-dom';
import { useEffect, useRef } from 'react';
import { discardAction } from '../../data/index.ts';
import { deletedProductValues, type BatchValue, type DeletedProduct } from '../../data/catalog/index.ts';
import { DEFAULT_MEASURE } from '../../api/contract/rules/product.ts';
import { notify } from '../../ui/notify.tsx';
import { isBlankProduct, newProduct, type ProductItem } from './product-form-rules.ts';

const ADD_PRODUCTS = '/product/add';
const text = (v: unknown, fallback = '') => (v === undefined || v === null ? fallback : String(v));

/** The batch form's product for a deleted product's values (its images are chosen again: the server's went with it). */
export function itemFromDeleted(v: DeletedProduct, uid: string): ProductItem {
  const blank = newProduct(uid);
  const f = v.fields;
  return {
    ...blank,
    name: text(f.name),
    sku: text(f.sku),
    collection: text(f.collection),
    automation: f.automation_system === 1,
    height: text(f.height),
    width: text(f.width),
    depth: text(f.depth),
    measure: text(f.measure, DEFAULT_MEASURE),
    finish: text(f.finish),
    note: text(f.note, blank.note),
    subcategoryIds: [...v.subcategoryIds],
    tags: v.tags.map((t) => ({ key: t.id ?? t.name, label: t.name })),
    descriptions: v.descriptions.length
      ? v.descriptions.map((d, i) => ({ key: `${uid}-d${i}`, title: d.title, notes: d.notes }))
      : blank.descriptions,
  };
}

/** The Pending changes panel's and the product page's button: (the refused step, its action). */
export function useRegisterAgain() {
  const navigate = useNavigate();
  return async (entryId: number, actionId: string) => {
    const values = await deletedProductValues(entryId);
    if (!values) return notify.info('Nothing to register', 'This change is no longer waiting.');
    if (!(await discardAction(actionId))) return notify.info('Being sent right now', 'Try again in a moment.');
    navigate(ADD_PRODUCTS, { state: { registerAgain: values } });
  };
}

/** Add Products: a product handed over by Register it again goes first in the batch (replacing a blank one) and is chosen. */
export function useRegisteredAgain(
  loaded: boolean,
  add: (update: (v: BatchValue<ProductItem>) => BatchValue<ProductItem>) => void,
  select: (uid: string) => void,
  uid: () => string,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const values = (location.state as { registerAgain?: DeletedProduct } | null)?.registerAgain;
  const taken = useRef<DeletedProduct>(undefined);
  useEffect(() => {
    if (!loaded || !values || taken.current === values) return;
    taken.current = values;
    const item = itemFromDeleted(values, uid());
    add((v) => ({ ...v, items: [item, ...v.items.filter((x, i) => i > 0 || !isBlankProduct(x))] }));
    select(item.uid);
    // Taken once: a reload or Back does not add it again.
    navigate(ADD_PRODUCTS, { replace: true, state: null });
    notify.info('The product is in the form again', 'Add its images, then SEND to register it as a new product.');
  }, [loaded, values, add, select, uid, navigate]);
}
