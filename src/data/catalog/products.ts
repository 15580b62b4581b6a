// Product registration (document 2 §4) and the parts registration and the Info save share (the
// Info save and delete are product-info.ts). Each write changes Dexie at once, queues its calls in
// the spec's order and starts a drain; a product that breaks a contract rule is refused first.
import { db } from '../local/index.ts';
import { claimAction, partOf } from '../local/index.ts';
import { enqueue, kick, type Draft } from '../outbox/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { resolveTags } from './tags.ts';
import { newTempId } from '../local/index.ts';
import type { IdNameRow, ProductRow } from '../local/index.ts';
import { refuseBroken } from '../local/index.ts';
import { DEFAULT_MEASURE, DEFAULT_NOTE, productFieldErrors, productRules, type ProductFields } from '../../api/contract/rules/product.ts';

/** The product's editable fields, typed from the contract's rule table. */
export type ProductFieldsInput = Partial<ProductFields>;


export interface ProductDraft extends ProductFieldsInput {
  /** Typed text (comma-separated) or existing tag ids. */
  tags?: (number | string)[];
  subcategoryIds?: number[];
  images?: Blob[];
  files?: Blob[];
  descriptions?: { title: string; notes: string }[];
}

const FIELDS = Object.keys(productRules) as (keyof ProductFields)[];
const pickFields = (f: ProductFieldsInput) => Object.fromEntries(FIELDS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as ProductFieldsInput;
export const labelOf = (p: { sku?: string; name?: string }) => p.sku || p.name || 'product';
const fileName = (b: Blob, fallback: string) => (b as File).name || fallback;

/** The subcategory rows ({id, name, id_subcategory, subcategory}) for the local product row. */
export async function categoriesFor(ids: number[]): Promise<ProductRow['categories']> {
  const cats = await db().productCategories.toArray();
  return ids.flatMap((sid) => {
    for (const c of cats) {
      const s = c.subcategories.find((x) => x.id === sid);
      if (s) return [{ id: c.id, name: c.category, id_subcategory: s.id, subcategory: s.subcategory }];
    }
    return [];
  });
}

export async function storeBlob(blob: Blob, name: string): Promise<number> {
  return db().blobs.add({ blob, name });
}

/** The calls that attach a product's parts (registration and Info save share them). */
export function partDrafts(cid: number, pid: number, label: string) {
  const ent = `product:${pid}`;
  return {
    tag: (t: IdNameRow): Draft => ({
      label: `Tag ${label} with ${t.name}`, entities: [ent, `tag:${t.id}`], errorPrefix: 'Error adding tag: ',
      call: { command: 'productInfo.tagAttach', body: { id_product: pid, id_tag: t.id } },
    }),
    untag: (id: number): Draft => ({
      label: `Untag ${label}`, entities: [ent, `tag:${id}`], errorPrefix: 'Error removing tag: ',
      call: { command: 'productInfo.tagDetach', query: { id_product: pid, id_tag: id } },
    }),
    sub: (sid: number): Draft => ({
      label: `Add ${label} to a category`, entities: [ent], errorPrefix: 'Error adding category: ',
      call: { command: 'productInfo.subcategoryAttach', body: { id_product: pid, id_customer: cid, id_product_subcategory: sid } },
    }),
    unsub: (sid: number): Draft => ({
      label: `Remove ${label} from a category`, entities: [ent], errorPrefix: 'Error removing category: ',
      call: { command: 'productInfo.subcategoryDetach', query: { id_product: pid, id_customer: cid, id_product_subcategory: sid } },
    }),
    image: (blobId: number): Draft => ({
      label: `Upload an image of ${label}`, entities: [ent],
      call: { command: 'productInfo.imageStore', body: { id_product: pid }, upload: { blobId } },
    }),
    file: (blobId: number): Draft => ({
      label: `Upload a file of ${label}`, entities: [ent],
      call: { command: 'productInfo.assetStore', body: { id_product: pid }, upload: { blobId } },
    }),
    unfile: (path: string): Draft => ({
      label: `Delete a file of ${label}`, entities: [ent],
      call: { command: 'productInfo.assetDelete', query: { id_product: pid, file: path } },
    }),
    addBlock: (temp: number, title: string, notes: string): Draft => ({
      label: `Add information "${title}" to ${label}`, entities: [ent, `description:${temp}`], errorPrefix: 'Error adding product information: ',
      call: { command: 'productInfo.descriptionStore', body: { id_product: pid, id_customer: cid, title, notes } },
      creates: { temp, kind: 'description', from: 'id_product_description' },
    }),
    editBlock: (id: number, title: string, notes: string): Draft => ({
      label: `Update information "${title}" of ${label}`, entities: [ent, `description:${id}`], errorPrefix: 'Error updating product information: ',
      call: { command: 'productInfo.descriptionEdit', body: { id_product_description: id, id_product: pid, id_customer: cid, title, notes } },
    }),
    dropBlock: (id: number): Draft => ({
      label: `Delete information of ${label}`, entities: [ent, `description:${id}`], errorPrefix: 'Error deleting product information: ',
      call: { command: 'productInfo.descriptionDelete', query: { id_product_description: id, id_product: pid, id_customer: cid } },
    }),
  };
}

/** The tables a registration writes (a caller's enclosing transaction includes them). */
export const registrationTables = () => {
  const d = db();
  return [d.products, d.tags, d.outbox, d.blobs, d.descriptions, d.productFiles, d.productCategories, d.actionClaims];
};

/**
 * Registration (document 2 §4): each product is created, then its tags, categories, images,
 * files and descriptions are attached. Works offline: the rows appear at once with temp ids.
 * Product i is its own action, part i of the user's action: a repeat of one registers nothing.
 */
export async function registerProducts(customerId: number, drafts: ProductDraft[], actionId: string): Promise<number[]> {
  const d = db();
  const ids: number[] = [];
  await d.transaction('rw', registrationTables(), async () => {
    for (const [i, p] of drafts.entries()) {
      // One action per product: each one is sent, fails or is discarded on its own.
      const label = labelOf(p);
      const action = { id: partOf(actionId, i), label: `Add product ${label}` };
      if (!(await claimAction(action.id))) continue;
      const pid = newTempId();
      const fields: ProductFieldsInput = { measure: DEFAULT_MEASURE, note: DEFAULT_NOTE, ...pickFields(p) };
      refuseBroken(productFieldErrors(fields));
      await enqueue([{
        label: `Create product ${label}`, entities: [`product:${pid}`], errorPrefix: `Error creating product ${label} `,
        call: { command: 'products.store', body: { id_customer: customerId, ...fields } },
        creates: { temp: pid, kind: 'product', from: 'product.id' },
      }], action);
      const parts = partDrafts(customerId, pid, label);
      const tags = await resolveTags(customerId, p.tags ?? [], action);
      const queue: Draft[] = [...tags.map(parts.tag), ...(p.subcategoryIds ?? []).map(parts.sub)];
      const imageBlobs: number[] = [];
      for (const img of p.images ?? []) imageBlobs.push(await storeBlob(img, fileName(img, 'image.png')));
      queue.push(...imageBlobs.map(parts.image));
      for (const f of p.files ?? []) {
        const blobId = await storeBlob(f, fileName(f, 'file'));
        await d.productFiles.put({ productId: pid, path: fileName(f, 'file'), pendingBlob: blobId, name: fileName(f, 'file') });
        queue.push(parts.file(blobId));
      }
      for (const x of p.descriptions ?? []) {
        if (!x.title.trim() || !x.notes.trim()) continue;
        const temp = newTempId();
        await d.descriptions.put({ id: temp, productId: pid, title: x.title.trim(), notes: x.notes.trim() });
        queue.push(parts.addBlock(temp, x.title.trim(), x.notes.trim()));
      }
      await enqueue(queue, action);
      const now = new Date().toISOString();
      await d.products.put({
        id: pid, id_product: pid, id_customer: customerId, cid: customerId, sku: '', name: '', collection: '',
        automation_system: 0, cancelable_as: 1, height: '', width: '', depth: '', finish: '', note: DEFAULT_NOTE, measure: DEFAULT_MEASURE,
        ...(fields as Partial<ProductRow>),
        images: [], pendingImages: imageBlobs, created_at: now, subcategories: p.subcategoryIds ?? [],
        categories: await categoriesFor(p.subcategoryIds ?? []), tags,
      });
      touch([`product:${pid}`]);
      ids.push(pid);
    }
  });
  emitChange({ table: 'products', ids });
  kick();
  return ids;
}

