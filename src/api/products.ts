// Document 2 §7: the tutorial calls (the product calls go through the outbox, src/data).
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type P = typeof contract.products;

export const tutorialWatched = (slug: string) => send<P['tutorialWatched']>('GET', '/user/tutorial/watched', { query: { slug } });
export const markTutorialWatched = (slug: string, key: string) =>
  send<P['markTutorialWatched']>('POST', '/user/tutorial/watched', { body: { slug }, idempotencyKey: key });

