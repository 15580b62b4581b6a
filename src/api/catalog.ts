// Document 2 §7 "Catalogue data" and "Service request" calls.
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type C = typeof contract.catalog;

/** The templates go as one comma-joined list of ids. */
export const requestService = (id_customer: number, templateIds: readonly number[], key: string) =>
  send<C['serviceRequest']>('POST', '/posts/services/request', {
    body: { id_customer, templates: templateIds.join(',') },
    idempotencyKey: key,
  });
