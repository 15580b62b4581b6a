// Document 3 §7: the 3D viewer section's read (its upload goes through the outbox: src/data/viewer-image.ts).
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type I = typeof contract.imagery;

export const viewerLinks = (id_product: number, id_customer: number) =>
  send<I['viewer']>('GET', '/gets/product/automation/3dviewer/links', { query: { id_product, id_customer } });
