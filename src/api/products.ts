// Document 2 §7: the tutorial calls (the product calls go through the outbox, src/data), and which
// company a product belongs to, asked in one of the user's companies (404 there: not that one's).
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type P = typeof contract.products;

export const tutorialWatched = (slug: string) => send<P['tutorialWatched']>('GET', '/user/tutorial/watched', { query: { slug } });
export const markTutorialWatched = (slug: string, key: string) =>
  send<P['markTutorialWatched']>('POST', '/user/tutorial/watched', { body: { slug }, idempotencyKey: key });

/** The product's company, when `cid` (one of the user's companies, or -1 for staff) may see it. */
export const productCompany = (id: number, cid: number) =>
  send<P['get']>('GET', '/gets/product', { query: { id_product: id, id_customer: cid } }).then((r) => r.product.id_customer);
