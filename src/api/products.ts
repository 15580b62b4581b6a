// Document 2 §7 calls: the product list, one product, registration, the Info edit and its parts.
import type { contract } from './contract/index.ts';
import type { Body, Query } from './contract/define.ts';
import { send, toForm } from './client.ts';

type P = typeof contract.products;
type I = typeof contract.productInfo;

export const listProducts = (id_customer: number) => send<P['list']>('GET', '/gets/product/show', { query: { id_customer } });
export const getProduct = (query: Query<P['get']>) => send<P['get']>('GET', '/gets/product', { query });
export const storeProduct = (body: Body<P['store']>, idempotencyKey?: string) =>
  send<P['store']>('POST', '/posts/product/store', { body, idempotencyKey });
export const editProduct = (body: Body<P['edit']>) => send<P['edit']>('PUT', '/puts/product/edit', { body });
export const deleteProduct = (query: Query<P['remove']>) => send<P['remove']>('DELETE', '/deletes/product/squedule', { query });
export const tutorialWatched = (slug: string) => send<P['tutorialWatched']>('GET', '/user/tutorial/watched', { query: { slug } });
export const markTutorialWatched = (slug: string) => send<P['markTutorialWatched']>('POST', '/user/tutorial/watched', { body: { slug } });

export const storeTag = (body: Body<I['tagStore']>) => send<I['tagStore']>('POST', '/posts/tag/store', { body });
export const productTags = (id_product: number) => send<I['tags']>('GET', '/gets/product/tag/all', { query: { id_product } });
export const attachTag = (body: Body<I['tagAttach']>) => send<I['tagAttach']>('POST', '/posts/product/tag/store', { body });
export const detachTag = (query: Query<I['tagDetach']>) => send<I['tagDetach']>('DELETE', '/deletes/product/tag/delete', { query });
export const attachSubcategory = (body: Body<I['subcategoryAttach']>) =>
  send<I['subcategoryAttach']>('POST', '/posts/product/subcategories/store', { body });
export const detachSubcategory = (query: Query<I['subcategoryDetach']>) =>
  send<I['subcategoryDetach']>('DELETE', '/deletes/product/subcategories/delete', { query });
export const storeProductImage = (id_product: number, image: Blob, name?: string) =>
  send<I['imageStore']>('POST', '/posts/product/resource/store', { body: toForm({ id_product, image }, name ? { image: name } : {}) });
export const productAssets = (id_product: number) => send<I['assets']>('GET', '/gets/product/assets/show', { query: { id_product } });
export const storeProductAsset = (id_product: number, file: Blob, name?: string) =>
  send<I['assetStore']>('POST', '/posts/product/asset/store', { body: toForm({ id_product, file }, name ? { file: name } : {}) });
export const deleteProductAsset = (query: Query<I['assetDelete']>) =>
  send<I['assetDelete']>('DELETE', '/deletes/product/asset/delete', { query });
export const productDescriptions = (query: Query<I['descriptions']>) =>
  send<I['descriptions']>('GET', '/gets/product/description/all/show', { query });
export const storeDescription = (body: Body<I['descriptionStore']>) =>
  send<I['descriptionStore']>('POST', '/posts/product/description/store', { body });
export const editDescription = (body: Body<I['descriptionEdit']>) =>
  send<I['descriptionEdit']>('PUT', '/puts/product/description/edit', { body });
export const deleteDescription = (query: Query<I['descriptionDelete']>) =>
  send<I['descriptionDelete']>('DELETE', '/deletes/product/description/delete', { query });
