// Document 2 §7 "Catalogue data" and "Service request" calls.
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type C = typeof contract.catalog;

export const getCustomers = () => send<C['customers']>('GET', '/gets/customers/all/show');
export const getTemplateCategories = () => send<C['templateCategories']>('GET', '/gets/roomsets/templates/categories/show');
export const getRoomsetTemplates = (id_customer: number) =>
  send<C['templates']>('GET', '/gets/roomsets/templates/show', { query: { id_customer } });
export const getProductCategories = () => send<C['productCategories']>('GET', '/gets/product/categories/show');
export const getProductTags = (id_customer: number) => send<C['tags']>('GET', '/gets/tags/show', { query: { id_customer } });
/** The templates go as one comma-joined list of ids. */
export const requestService = (id_customer: number, templateIds: readonly number[]) =>
  send<C['serviceRequest']>('POST', '/posts/services/request', { body: { id_customer, templates: templateIds.join(',') } });
